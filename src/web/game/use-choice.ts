/**
 * The player's unsent choice for the current step, kept across re-renders, websocket drops and
 * reloads (sessionStorage, per game): a new step of the game starts a fresh one (selection.ts).
 * Picking an unaffordable trade row card while an affordable one is on offer asks to confirm.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Decision } from '../../engine/pending.js';
import type { GameScreenState } from './model.js';
import { playerOf, unaffordableReason, unaffordableSums } from './derive.js';
import { enterStep, stepKeyOf, type Selection } from './selection.js';

const storageKey = (gameID: string) => `mythos:choice:${gameID}`;

function stored(gameID: string, stepKey: string): Selection | null {
  try {
    const raw = window.sessionStorage.getItem(storageKey(gameID));
    const parsed = raw ? (JSON.parse(raw) as Selection) : null;
    return parsed && parsed.stepKey === stepKey ? parsed : null;
  } catch {
    return null;
  }
}

export interface PendingConfirm {
  cardID: number;
  /** The rule's own words ('Not enough gold'). */
  reason: string;
  /** What the card asks and what the player has (derive.ts `unaffordableSums`). */
  sums: string | null;
}

export interface Choice {
  selection: Selection;
  update(change: Partial<Omit<Selection, 'stepKey'>>): void;
  /** A card clicked on the table (tradeRowIndex null for a basic card). */
  pick(cardID: number, tradeRowIndex: number | null): void;
  confirm: PendingConfirm | null;
  answerConfirm(ok: boolean): void;
  /** Why the last card clicked could not be chosen (a basic card the player cannot pay for), until the next pick. */
  notice: string | null;
}

export function useChoice(state: GameScreenState | null, decision: Decision | null): Choice {
  const stepKey = state ? stepKeyOf(state) : '';
  const gameID = state?.game.id ?? '';
  const [selection, setSelection] = useState<Selection>({ stepKey: '', cardID: null, bid: null, reroll: null });
  const [confirm, setConfirm] = useState<PendingConfirm | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  // Entering a new step (or the first one shown): restore what was chosen in it before a reload,
  // else start afresh. Set while rendering, not in an effect: React renders again at once, before
  // showing anything. From an effect, a click on a busy phone could land between the screen
  // showing the step and the effect running, and the effect's fresh choice then overwrote it (a
  // card picked, or its confirmation closed as it opened).
  if (state && selection.stepKey !== stepKey) {
    setSelection(stored(gameID, stepKey) ?? enterStep(state, decision));
    if (confirm) setConfirm(null);
    if (notice) setNotice(null);
  }

  useEffect(() => {
    if (!gameID || !selection.stepKey) return;
    try {
      window.sessionStorage.setItem(storageKey(gameID), JSON.stringify(selection));
    } catch {
      // Storage blocked: the choice lasts for this page only.
    }
  }, [gameID, selection]);

  const ready = state?.me ? (state.game.readyByUserID[state.me] ?? false) : true;
  const update = useCallback(
    (change: Partial<Omit<Selection, 'stepKey'>>) => {
      if (ready) return; // No changes while ready.
      setSelection((s) => ({ ...s, ...change }));
    },
    [ready],
  );

  // One function for the whole game, reading the latest state through a ref: the table's cards
  // are memoised (table.tsx), and a `pick` made afresh with every new view redrew all of them.
  // The ref is set after each commit, before any click on what that commit shows can land.
  const latest = useRef({ state, ready, decision, update });
  useLayoutEffect(() => {
    latest.current = { state, ready, decision, update };
  });
  const pick = useCallback((cardID: number, tradeRowIndex: number | null) => {
    const { state, ready, decision, update } = latest.current;
    if (!state || ready || !decision) return;
    const me = playerOf(state, state.me);
    if (!me) return;
    if (decision.type === 'BID' && tradeRowIndex !== null) {
      const reason = unaffordableReason(state, me, cardID);
      const otherAffordable = state.game.tableIDs.some((id) => id !== null && id !== cardID && unaffordableReason(state, me, id) === null);
      if (reason && otherAffordable) setConfirm({ cardID, reason, sums: unaffordableSums(state, me, cardID) });
      else update({ cardID });
    } else if (decision.type === 'RESOLVE') {
      // Only the card won or a basic card the player can pay for: a click on another says why
      // nothing happened, rather than doing nothing.
      const offered = decision.choices.find((c) => c.cardID === cardID);
      if (offered && (offered.affordable || tradeRowIndex !== null)) {
        setNotice(null);
        update({ cardID });
      } else if (offered) {
        setNotice(`${state.cardsByID[cardID]?.name ?? 'That card'}: ${unaffordableReason(state, me, cardID) ?? 'you cannot pay for it'}. Choose a basic card without a lock.`);
      }
    }
  }, []);

  const answerConfirm = useCallback(
    (ok: boolean) => {
      if (ok && confirm) update({ cardID: confirm.cardID });
      setConfirm(null);
    },
    [confirm, update],
  );

  return { selection, update, pick, confirm, answerConfirm, notice };
}
