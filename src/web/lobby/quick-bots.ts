/**
 * The bots Play a Bot offers, in the server's order: the kinds anyone may seat in a lobby (the server's
 * 'visible' bots, src/bots/index.ts), each with the fixed rating a game against it is rated
 * against, so the picker says what is at stake (src/server/ratings/bot-ratings.json, as shown:
 * the web client may not load the server's code). A test holds both equal to the server's. The one
 * last played is kept on the device (quick-bot-choice.ts).
 */
import type { BotType } from './options.js';

export const QUICK_BOTS = [
  { type: 'easy_bot', label: 'Easy Bot', rating: 1500 },
  { type: 'basic_bot', label: 'Advanced Bot', rating: 2214 },
  { type: 'expert_bot', label: 'Expert Bot', rating: 2363 },
] as const satisfies readonly { type: BotType; label: string; rating: number }[];

export type QuickBot = (typeof QUICK_BOTS)[number]['type'];

/** How the picker names a bot: "Easy Bot · 1500". */
export const quickBotOption = (bot: (typeof QUICK_BOTS)[number]) => `${bot.label} \u00b7 ${bot.rating}`;
