/**
 * The action panel's unsent choice and the client behaviour rules:
 * - entering planning clears the selected card and resets the bid to its minimum (base military);
 * - entering resolution restores the previously selected card from the trade row (the card the
 *   player won), else clears it;
 * - the war resets the reroll choice for each round;
 * - while the player is ready, nothing changes.
 * A choice belongs to one step of the game (`stepKey`); a new step starts a fresh choice, and the
 * same step (say, after a reconnect) keeps it.
 */
import type { Decision } from '../../engine/pending.js';
import type { CardID, RerollType } from '../../engine/index.js';
import type { GameScreenState } from './model.js';
import { playerOf, wonIndexOf } from './derive.js';

export interface Selection {
  stepKey: string;
  cardID: CardID | null;
  /** The bid; null is an empty field: no bid beyond the free minimum. */
  bid: number | null;
  reroll: RerollType | null;
}

export function stepKeyOf(state: Pick<GameScreenState, 'game'>): string {
  const g = state.game;
  return `${g.age}/${g.turn}/${g.phase}${g.phase === 'WAR' ? `/${g.rerollRound}` : ''}`;
}

/** The fresh choice on entering the current step. */
export function enterStep(state: GameScreenState, decision: Decision | null): Selection {
  const stepKey = stepKeyOf(state);
  const fresh: Selection = { stepKey, cardID: null, bid: null, reroll: null };
  switch (state.game.phase) {
    case 'PLANNING':
      return { ...fresh, bid: decision?.type === 'BID' ? decision.minMilitary : null };
    case 'RESOLUTION': {
      const me = playerOf(state, state.me);
      const won = state.me === null ? null : wonIndexOf(state, state.me);
      const card = won === null ? null : state.game.tableIDs[won];
      return { ...fresh, cardID: me && card != null && me.selectedCard === card ? card : null };
    }
    default:
      return fresh;
  }
}

/** The bid to send: the field clamped between the minimum and the maximum; empty is the minimum. */
export function bidToSend(selection: Selection, decision: Extract<Decision, { type: 'BID' }>): number {
  const value = selection.bid !== null && Number.isFinite(selection.bid) ? selection.bid : decision.minMilitary;
  return Math.max(decision.minMilitary, Math.min(decision.maxMilitary, Math.round(value)));
}

/**
 * What a typed bid means: empty is no bid (null); anything else is clamped into the allowed range,
 * a number too big to the maximum, a minus sign or a negative number to the minimum.
 */
export function typedBid(typed: string | number, min: number, max: number): number | null {
  if (typed === '') return null;
  const n = typeof typed === 'number' ? typed : Number(typed);
  if (!Number.isFinite(n)) return min;
  return Math.max(min, Math.min(max, Math.round(n)));
}

/** The Submit button's label in the war: 'Submit Reroll', 'Submit Keep' or 'Submit'. */
export function rerollSubmitLabel(choice: RerollType | null): string {
  if (choice === 'reroll') return 'Submit Reroll';
  if (choice === 'decline') return 'Submit Keep';
  return 'Submit';
}

export const CLIENT_MESSAGES = {
  draft: 'You must select a card to draft',
  gain: 'You must select a card to gain',
  choice: 'You must make a choice.',
  confirm: 'Press OK to confirm your selection, or Cancel to choose another card.',
  /** Before `confirm`: what winning a card one cannot pay for comes to. */
  confirmWon: 'If you win it and cannot pay for it then, you take a basic card instead, and it stays on the trade row.',
  waiting: 'Waiting for other players...',
  rolling: 'The dice are rolling...',
  dealing: 'The cards are being dealt...',
  /** Under a refusal that came once the game had gone on past what the panel asked when it was sent. */
  movedOn: 'The game had moved on before this move arrived.',
  /**
   * Under 'Already chosen', instead of the rules' "resolve already submitted" (kept for the API),
   * which read as a fault of the player's in a second tab whose screen had not yet shown the first
   * tab's Submit.
   */
  chosen: 'Sent first from another tab or device, or by a bot as time ran out. The game now shows it.',
} as const;
