/** REROLL: a clash loser holding a reroll token chooses to reroll or decline, round by round. */
import { errors, type RuleError } from '../errors.js';
import { markReady } from '../phases/flow.js';
import { own, type Step } from '../step.js';
import type { RerollType } from './action.js';

export function reroll(s: Step, seat: number, selection: { rerollType: RerollType; rerollRound: number }): RuleError | null {
  const g = s.game;
  const player = g.players[seat]!;
  if (g.phase !== 'WAR') return errors.rerollOutOfPhase();
  if (selection.rerollRound !== g.rerollRound) return errors.rerollRoundMismatch();
  const current = g.rollSelectionsByPlayerID[player.userID];
  if (current === undefined) return errors.rerollNotEligible();
  if (current !== 'na') return errors.rerollAlreadySubmitted();
  if (selection.rerollType === 'reroll' && player.counters.rerollTokens < 1) return errors.noRerollTokens();
  own(s, 'rollSelectionsByPlayerID')[player.userID] = selection.rerollType;
  markReady(s, player.userID, true);
  return null;
}
