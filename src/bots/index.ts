/** The bot kinds, by their wire names. */
import type { BotType } from '../engine/index.js';
import { basicBot } from './basic-bot.js';
import { basicBot2 } from './basic-bot2.js';
import type { BotDefinition } from './bot.js';
import { easyBot } from './easy-bot.js';
import { EXPERT_DEFAULTS, expertBot, makeExpertBot } from './expert-bot.js';
import { randomCard } from './random-card.js';
import { validMove } from './valid-move.js';

export const BOTS: Record<BotType, BotDefinition> = {
  easy_bot: { label: 'Easy Bot', visibility: 'visible', decide: easyBot },
  basic_bot: { label: 'Advanced Bot', visibility: 'visible', decide: basicBot },
  basic_bot2: { label: 'Advanced Bot 2', visibility: 'devOnly', decide: basicBot2 },
  valid_move: { label: 'Valid Move', visibility: 'devOnly', decide: validMove },
  random_card: { label: 'Random Card', visibility: 'hidden', decide: randomCard },
  // Its search runs on the server's bot threads (src/server/bots/bot-threads.ts).
  expert_bot: {
    label: 'Expert Bot',
    visibility: 'visible',
    decide: expertBot,
    thinks: true,
    within: (thinkMs) => makeExpertBot({ ...EXPERT_DEFAULTS, thinkMs }),
  },
};

export type { BotDefinition, BotVisibility, Decide } from './bot.js';
