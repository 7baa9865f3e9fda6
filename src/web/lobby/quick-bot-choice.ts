/**
 * The bot Play a Bot plays, kept on the device: a player who moved up to the Advanced Bot is not
 * sent back to the Easy one each visit.
 */
import { QUICK_BOTS, type QuickBot } from './quick-bots.js';

const KEY = 'mythosQuickBot';

/** The bot this device played last with Play a Bot, else the Easy Bot (a stored value no longer offered counts as none). */
export function quickBotKept(): QuickBot {
  let kept: string | null = null;
  try {
    kept = window.localStorage.getItem(KEY);
  } catch {
    // Storage refused (a private window's settings): the default.
  }
  return QUICK_BOTS.find((b) => b.type === kept)?.type ?? 'easy_bot';
}

export function keepQuickBot(type: QuickBot): void {
  try {
    window.localStorage.setItem(KEY, type);
  } catch {
    // Not kept: the choice holds for this page only.
  }
}
