/**
 * The live game for the game screen: `games.state` once, then `games.onGame` (the whole game, then
 * patches), each update applied only when its sequenceID is newer. A hole in the event log, a
 * patch on a step the screen does not hold (or a dropped websocket coming back) refetches the state. The websocket reconnects by itself and the subscription restarts with the
 * whole game, so the screen catches up without a reload; what the player was choosing lives in
 * the action panel, not here, so it survives. A restarted subscription the server refuses is asked
 * again (`refusal`: connection.ts, useLive).
 * An action sent shows its result at once (pending-action.ts): the screen's state is the view with
 * the action laid over it until the server's view reaches the step that acknowledged it, or the
 * server refuses it. The overlay is held by the component that draws the table (sent-action.ts),
 * not here: a click then draws that part again, not the page with its queries and subscription.
 */
import { startTransition, useCallback, useEffect, useMemo, useRef, useState, type SetStateAction } from 'react';
import type { Action } from '../../engine/index.js';
import type { WireDelivery } from '../../server/services/game-views.js';
import { useBackFromDrop, useLive, type Refusal } from '../lib/connection.js';
import { trpc } from '../lib/trpc.js';
import { unanswered } from '../lib/unanswered.js';
import { applyUpdate, type LiveGame } from './live.js';
import { markStandIns } from './stand-ins.js';
import { pendingActionOf, stillAsked, type PendingAction } from './pending-action.js';
import type { SentCell } from './sent-action.js';
import { CLIENT_MESSAGES } from './selection.js';
import { usersByIDOf, type GameScreenState } from './model.js';

export interface GameStateResult {
  /** The server's view, without the action sent and not yet shown (`useSentAction` lays it over). */
  state: GameScreenState | null;
  /** Where `act` puts the action it sends, for `useSentAction`. */
  sent: SentCell;
  /** A message when the game cannot be loaded (say, it does not exist). */
  error: string | null;
  /**
   * False while the websocket, once live, is down and reconnecting, or the browser says it is
   * offline; true while the page's first connection is still being made (that is no drop).
   */
  connected: boolean;
  /**
   * While the server refuses the game's subscription (it would not open the game again after a
   * drop: opened too fast, signed out meanwhile), its words, and the way to ask again; asked
   * again by itself where waiting may help (connection.ts, useLive). `connected` is false meanwhile.
   */
  refusal: Refusal | null;
  /**
   * Sends an action, and shows its result at once; resolves once the server committed it, or with
   * the refusal's message (the refusal is also logged, 'error sending action'), the screen back to
   * the server's view.
   */
  act(action: Action): Promise<ActOutcome>;
  /** Tells the server the player is back at the table (after a stand-in chose for them). */
  back(): void;
}

/**
 * What became of an action sent: played, or not, and why: `refused` by the rules (the server's
 * message), `unsent` (never answered: the connection dropped, so nothing was played and it may be
 * sent again), or `chosen` already (the seat's choice for this step came first, from another tab
 * or device or a bot as time ran out: the screen now shows the game with it).
 */
export type ActOutcome = { ok: true } | { ok: false; why: 'refused' | 'unsent' | 'chosen'; message: string };

/** What a player reads when their action never reached the server ("Failed to fetch" read as a refusal of the move). */
export const UNSENT_MESSAGE = 'Your move did not reach the server: the connection dropped, and nothing was played. Send it again once the connection is back.';

/**
 * Whether the rules refused a second choice for a step the seat had already chosen
 * (`bid/`, `resolve/` or `reroll/already-submitted`: stable codes, docs/protocol.md), read from the
 * rule's code the server's tRPC error carries beside its message (trpc.ts's errorFormatter).
 */
const alreadyChosen = (error: unknown): boolean => (error as { data?: { ruleCode?: string | null } } | null)?.data?.ruleCode?.endsWith('/already-submitted') === true;

export function useGameState(gameID: string): GameStateResult {
  const [live, setLive] = useState<LiveGame | null>(null);
  const liveRef = useRef<LiveGame | null>(null);
  const utils = trpc.useUtils();
  // The action sent and not yet shown by the view (held by useSentAction's component), and once the
  // server acknowledged it, the step that holds it: the overlay goes when the view reaches that step.
  const [cell] = useState<SentCell>(() => ({ set: null }));
  const setPending = useCallback((next: SetStateAction<PendingAction | null>) => cell.set?.(next), [cell]);
  const acknowledged = useRef<{ pending: PendingAction; sequenceID: number } | null>(null);
  const drop = useCallback((sent: PendingAction) => setPending((current) => (current === sent ? null : current)), [setPending]);

  const cards = trpc.games.cards.useQuery({ gameID }, { staleTime: Infinity, gcTime: Infinity });
  const first = trpc.games.state.useQuery({ gameID }, { staleTime: 0, retry: 1 });
  // The game's settings (the screen reads them from the cache: game-screen.tsx), asked for in the
  // same batch as the game, and the screen shown with them: asked for once the screen showed, a
  // connection lost before they came left a player whose turn clock runs on unwarned (and
  // "Reconnecting..." alone) for the whole drop. Tried twice at most, as the game is: a refusal
  // holds the screen no longer than the game's own would.
  const settings = trpc.games.settings.useQuery({ gameID }, { staleTime: Infinity, gcTime: Infinity, retry: 1 });

  // Updates go through the ref so that a burst of them applies in order within one frame.
  const refetchRef = useRef<() => Promise<void>>(async () => undefined);
  const receive = useCallback((update: WireDelivery, fromFetch = false) => {
    const result = applyUpdate(liveRef.current, update);
    if (result.kind === 'applied') {
      liveRef.current = result.live;
      const acked = acknowledged.current;
      const settled = acked !== null && result.live.sequenceID >= acked.sequenceID;
      if (settled) acknowledged.current = null;
      // A new step renders as a transition: React renders the screen in slices of a few ms, so a
      // step arriving while a clash plays no longer holds the main thread for the whole render
      // (16-23 ms of the longest tasks on a desktop), and a click meanwhile is handled first.
      // The sent action's overlay goes in the same transition as the step that holds it, so the
      // two change together.
      startTransition(() => {
        setLive(result.live);
        if (settled) drop(acked.pending);
      });
    } else if (result.kind === 'gap' && !fromFetch) {
      void refetchRef.current();
    }
  }, [drop]);
  const refetch = useCallback(async () => {
    try {
      receive(await utils.games.state.fetch({ gameID }, { staleTime: 0 }), true);
    } catch (error) {
      console.error('error fetching game state', error);
    }
  }, [gameID, utils, receive]);
  refetchRef.current = refetch;

  useEffect(() => {
    if (first.data) receive(first.data, true);
  }, [first.data, receive]);

  // This tab, for the others to see whether its player is here (shown) or away (hidden).
  const [tab] = useState(() => Math.random().toString(36).slice(2, 12));
  const [shownAtStart] = useState(() => typeof document === 'undefined' || document.visibilityState === 'visible');
  const subscription = trpc.games.onGame.useSubscription(
    { gameID, tab, visible: shownAtStart },
    {
      onData: (update) => {
        // `heard` (useLive's, below) is only called later, as the updates come.
        heard();
        receive(update);
      },
    },
  );
  // Both mutations go through the plain client, not mutation hooks: a hook's state (pending, then
  // done) is read with useSyncExternalStore, so each change re-rendered the whole game screen at
  // once, in one blocking piece, twice for every action (the second just as the step it made
  // arrives). Nothing here reads that state.
  const report = useCallback(
    (presence: { gameID: string; tab: string; visible: boolean }) => {
      // Best effort: the next report, or the socket's own coming and going, tells the others.
      utils.client.games.presence.mutate(presence).catch(() => undefined);
    },
    [utils],
  );
  useEffect(() => {
    const changed = () => report({ gameID, tab, visible: document.visibilityState === 'visible' });
    document.addEventListener('visibilitychange', changed);
    return () => document.removeEventListener('visibilitychange', changed);
  }, [gameID, tab, report]);
  /** The player says they are back (after a stand-in chose for them). */
  const back = useCallback(() => report({ gameID, tab, visible: true }), [gameID, tab, report]);
  const { connected, refusal, heard } = useLive(subscription);
  // Back from a drop, or from a refusal asked again: the restarted subscription sends the whole
  // game; fetch too, belt and braces.
  useBackFromDrop(connected, refetch);

  const playerIDs = useMemo(() => live?.game.players.map((p) => p.userID) ?? [], [live?.game.players]);
  const users = trpc.users.byIDs.useQuery({ ids: playerIDs }, { enabled: playerIDs.length > 0, staleTime: Infinity });
  // A player may rename themselves mid-game (their settings, in another tab): the names are asked
  // again at each new turn, not only at the page's opening. Asked once, a player who renamed kept
  // their old name on the others' screens, turn after turn, while their chat and a reload used
  // the new one. The same names come back as the same data (the query's structural sharing), so
  // an unchanged answer draws nothing again.
  const turnKey = live ? `${live.game.age}/${live.game.turn}` : null;
  const namesTurn = useRef(turnKey);
  const refetchNames = users.refetch;
  useEffect(() => {
    const before = namesTurn.current;
    namesTurn.current = turnKey;
    if (before !== null && turnKey !== null && before !== turnKey) void refetchNames();
  }, [turnKey, refetchNames]);
  const usersByID = useMemo(() => usersByIDOf(users.data), [users.data]);

  const act = useCallback(
    async (action: Action) => {
      const sent = liveRef.current ? pendingActionOf(liveRef.current, action) : null;
      if (sent) setPending(sent);
      try {
        const { sequenceID } = await utils.client.games.act.mutate({ gameID, action });
        if ((liveRef.current?.sequenceID ?? 0) >= sequenceID) {
          // The step that holds the action has come, but may still be rendering (a transition,
          // above): the overlay goes with it, never before it. Dropped at once, it laid bare the
          // step before for a moment: the choice just sent, with Submit enabled again.
          if (sent) startTransition(() => drop(sent));
        } else {
          if (sent) acknowledged.current = { pending: sent, sequenceID };
          // The subscription normally brings this state first; if it has not, fetch it.
          setTimeout(() => {
            if ((liveRef.current?.sequenceID ?? 0) < sequenceID) void refetch();
          }, 300);
        }
        return { ok: true } as const;
      } catch (error) {
        console.error('error sending action', error);
        if (unanswered(error)) {
          // What was lost may be only the answer, the move played: the server's view says which
          // (the screen said "nothing was played" beside the bid it showed as played).
          await refetch();
          const played = sent !== null && liveRef.current !== null && !stillAsked(liveRef.current, sent);
          if (played) {
            startTransition(() => drop(sent));
            return { ok: true } as const;
          }
          // Nothing was played: the choice comes back in the same render as the words that say
          // so (in a transition, a loaded phone showed "nothing was played" beside "Waiting").
          if (sent) drop(sent);
          return { ok: false, why: 'unsent', message: UNSENT_MESSAGE } as const;
        }
        if (sent) drop(sent);
        if (alreadyChosen(error)) {
          // Nothing was lost: the choice that counts is on the server. Its view comes now, even if
          // this tab's subscription has not brought it yet.
          await refetch();
          return { ok: false, why: 'chosen', message: CLIENT_MESSAGES.chosen } as const;
        }
        return { ok: false, why: 'refused', message: error instanceof Error ? error.message : String(error) } as const;
      }
    },
    [gameID, refetch, utils, drop, setPending],
  );

  const view = useMemo((): GameScreenState | null => {
    // The players' names come in a second round trip (their ids are in the game): the screen
    // waits for them rather than show every seat as 'unknown' for a moment. If they cannot be
    // had, the game is still shown, with 'unknown' for the names. The same for its settings.
    if (!live || !cards.data || users.isPending || settings.isPending) return null;
    markStandIns(live.events);
    return {
      game: live.game,
      events: live.events,
      cardsByID: cards.data.cardsByID,
      tributeCardsByID: cards.data.tributeCardsByID,
      me: live.game.viewerID,
      usersByID,
      awayByUserID: Object.fromEntries(live.away.map((seat) => [seat.userID, seat.reason])),
      seatsByUserID: Object.fromEntries(live.seats.map((seat) => [seat.userID, seat])),
      clockOffsetMs: live.clockOffsetMs,
    };
  }, [live, cards.data, users.isPending, settings.isPending, usersByID]);
  const error = first.error?.message ?? cards.error?.message ?? null;
  return { state: view, sent: cell, error: view ? null : error, connected, refusal, act, back };
}
