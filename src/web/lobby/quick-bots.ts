/**
 * The bots Play a Bot offers, weakest first: the kinds anyone may seat in a lobby (the server's
 * 'visible' bots, src/bots/index.ts; a test holds the two lists together). The one last played is
 * kept on the device (quick-bot-choice.ts).
 */
import type { BotType } from './options.js';

export const QUICK_BOTS = [
  { type: 'easy_bot', label: 'Easy Bot' },
  { type: 'basic_bot', label: 'Advanced Bot' },
  { type: 'expert_bot', label: 'Expert Bot' },
] as const satisfies readonly { type: BotType; label: string }[];

export type QuickBot = (typeof QUICK_BOTS)[number]['type'];
