/**
 * What a stand-in bot chose, told apart from what the player chose. The server puts a STAND_IN
 * event in the log when a bot takes a decision for a person (their time ran out, they left, or
 * nobody was at the table); what that choice led to comes later (a bid shows at the reveal), so
 * each such event is found here and its sentence names the player "(bot)": 'Cy (bot) bid 2 ...'.
 */
import type { GameEvent } from '../../engine/events.js';
import type { UserID } from '../../engine/types.js';

type StandIn = Extract<GameEvent, { type: 'STAND_IN' }>;

/** The events a stand-in's choice led to (shared event objects: the log never changes one). */
const ledByStandIn = new WeakSet<GameEvent>();
const seen = new WeakSet<readonly GameEvent[]>();

/** What each kind of decision leads to in the log. */
const RESULTS: Record<StandIn['payload']['decision'], readonly GameEvent['type'][]> = {
  BID: ['BID'],
  UNBID: [],
  REROLL: ['USE_REROLL', 'DECLINE_REROLL'],
  RESOLVE: ['GAIN_CARD'],
};

/** Finds, once per log, the events that stand-ins' choices led to. */
export function markStandIns(events: readonly GameEvent[]): void {
  if (seen.has(events)) return;
  seen.add(events);
  const open: StandIn[] = [];
  for (const event of events) {
    if (event.type === 'STAND_IN') {
      open.push(event);
      continue;
    }
    if (open.length === 0 || !('userID' in event.payload)) continue;
    const userID = event.payload.userID;
    const i = open.findIndex((s) => s.payload.userID === userID && s.age === event.age && s.turn === event.turn && RESULTS[s.payload.decision].includes(event.type));
    if (i < 0) continue;
    ledByStandIn.add(event);
    open.splice(i, 1);
  }
}

export const byStandIn = (event: GameEvent): boolean => ledByStandIn.has(event);

/** The words for a stand-in's choice: 'bid', 'chose whether to reroll', ... */
export const STAND_IN_CHOICES: Record<StandIn['payload']['decision'], string> = {
  BID: 'bid',
  UNBID: 'took back the bid',
  REROLL: 'chose whether to reroll',
  RESOLVE: 'chose a card',
};

/**
 * The turn ('age:turn') of the latest stand-in choice (of that kind, if given) for the player in
 * this turn or, with `turns` 2, in the turn before too; null if there was none.
 */
export function standInTurn(events: readonly GameEvent[], userID: UserID, age: number, turn: number, decision?: StandIn['payload']['decision'], turns = 1): string | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i]!;
    if (event.age !== age || event.turn !== turn) {
      if (--turns < 1) return null;
      ({ age, turn } = event);
    }
    if (event.type === 'STAND_IN' && event.payload.userID === userID && (decision === undefined || event.payload.decision === decision)) return `${age}:${turn}`;
  }
  return null;
}

/** Whether a stand-in made the viewer's bid of this turn (the panel must not call it theirs). */
export const botBidFor = (events: readonly GameEvent[], userID: UserID, age: number, turn: number): boolean => standInTurn(events, userID, age, turn, 'BID') !== null;
