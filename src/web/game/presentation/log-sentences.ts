/**
 * The event log's readable sentences. A sentence is a list of segments (plain text, a player, a
 * card, a tribute) so the log can draw players in their seat colour *and* by name, and cards in
 * their affinity's colour; `sentenceText` flattens one for tests and screen readers.
 */
import type { GameEvent, TriggeredCard } from '../../../engine/events.js';
import type { Affinity } from '../../../engine/types.js';
import { HIDDEN_PLAYER } from '../../../engine/view.js';
import type { GameScreenState } from '../model.js';
import { byStandIn, STAND_IN_CHOICES } from '../stand-ins.js';
import { formatShortDuration, PHASE_NAMES, playerRef, type PlayerRef, type Seat } from './format.js';
import { plural } from '../../../shared/plural.js';

export type Segment =
  | { kind: 'text'; text: string }
  | ({ kind: 'player' } & PlayerRef)
  | { kind: 'card'; cardID: number; name: string; affinity: Affinity | null }
  | { kind: 'tribute'; tributeID: number; name: string };

/**
 * What the sentences read: names, cards, and of the game only the seats' colours and whether favor
 * shows (so the log's memoised lines need not re-render when the counters change).
 */
export type LogState = Pick<GameScreenState, 'usersByID' | 'cardsByID' | 'tributeCardsByID'> & {
  game: { players: readonly Seat[]; options: Pick<GameScreenState['game']['options'], 'hideFavor'>; gameEndTimestamp: number | null };
};

const text = (t: string): Segment => ({ kind: 'text', text: t });

function card(state: LogState, cardID: number): Segment {
  const c = state.cardsByID[cardID];
  return { kind: 'card', cardID, name: c?.name ?? `card ${cardID}`, affinity: c?.affinity ?? null };
}

function tribute(state: LogState, tributeID: number): Segment {
  return { kind: 'tribute', tributeID, name: state.tributeCardsByID[tributeID]?.name ?? `tribute ${tributeID}` };
}

const player = (state: LogState, userID: string): Segment => ({ kind: 'player', ...playerRef(state, userID) });


/** 'a', 'a and b', 'a, b and c' over segment lists. */
function list(items: Segment[][]): Segment[] {
  const out: Segment[] = [];
  items.forEach((item, i) => {
    if (i > 0) out.push(text(i === items.length - 1 ? ' and ' : ', '));
    out.push(...item);
  });
  return out;
}

/** Gains written as '+2 gold, +1 favor' (zeros left out; favor left out while hidden). */
function gains(amounts: { gold?: number; military?: number; favor?: number; warTokens?: number; rerollTokens?: number }, showFavor: boolean): string {
  const parts: string[] = [];
  if (amounts.gold) parts.push(`${signed(amounts.gold)} gold`);
  if (amounts.military) parts.push(`${signed(amounts.military)} military`);
  if (showFavor && amounts.favor) parts.push(`${signed(amounts.favor)} favor`);
  if (amounts.warTokens) parts.push(`${signed(amounts.warTokens)} Clash`);
  if (amounts.rerollTokens) parts.push(`${signed(amounts.rerollTokens)} reroll`);
  return parts.join(', ');
}

const signed = (n: number): string => (n > 0 ? `+${n}` : `${n}`);

/**
 * What the player's other cards added, each named: '+1 gold from Leader'. Tokens are left out:
 * each token earned is a line of its own (EARN_TOKEN).
 */
function fromCards(state: LogState, triggered: readonly TriggeredCard[], showFavor: boolean): Segment[][] {
  return triggered.flatMap((t) => {
    const got = gains({ gold: t.gold, military: t.military, favor: t.favor }, showFavor);
    return got ? [[text(`${got} from `), card(state, t.cardID)]] : [];
  });
}

/** ' (a, b from Card)' around the parts that are not empty; nothing when all are. */
function inParentheses(parts: Segment[][]): Segment[] {
  if (parts.length === 0) return [];
  const out: Segment[] = [text(' (')];
  parts.forEach((part, i) => {
    if (i > 0) out.push(text(', '));
    out.push(...part);
  });
  out.push(text(')'));
  return out;
}

function favorShown(state: LogState): boolean {
  return !state.game.options.hideFavor || state.game.gameEndTimestamp !== null;
}

/** The sentence for one event; the player of what a stand-in bot chose is named '(bot)'. */
export function sentence(state: LogState, event: GameEvent): Segment[] {
  const segments = sentenceOf(state, event);
  if (!byStandIn(event)) return segments;
  const at = segments.findIndex((s) => s.kind === 'player');
  return at < 0 ? segments : segments.map((s, i) => (i === at && s.kind === 'player' ? { ...s, name: `${s.name} (bot)` } : s));
}

function sentenceOf(state: LogState, event: GameEvent): Segment[] {
  const showFavor = favorShown(state);
  switch (event.type) {
    case 'BID': {
      const p = event.payload;
      const spent = p.spentMilitary !== p.military ? ` (spent ${p.spentMilitary})` : '';
      return [player(state, p.userID), text(` bid ${p.military} military${spent} on `), card(state, p.cardID)];
    }
    case 'CONFLICT_RESULTS': {
      const p = event.payload;
      const last = p.rounds[p.rounds.length - 1] ?? {};
      const totals = Object.values(last)
        .map((r) => [player(state, r.playerID), text(` ${r.total}`)])
        .flat();
      const rounds = p.rounds.length > 1 ? ` after ${plural(p.rounds.length, 'round')}` : '';
      const out: Segment[] = [player(state, p.winningPlayerID), text(' won the clash for '), card(state, p.cardID), text(`${rounds} (`)];
      totals.forEach((s, i) => {
        if (i > 0 && i % 2 === 0) out.push(text(', '));
        out.push(s);
      });
      out.push(text(')'));
      return out;
    }
    case 'GAIN_CARD': {
      const p = event.payload;
      const cost = p.cost.gold > 0 ? ` for ${p.cost.gold} gold` : '';
      // What the gain scored now: the card's own gains and what other cards added. Not its
      // prophecy (prophecyFavor), which pays only at the game's end, and by then maybe another sum.
      const got = gains({ gold: p.gold, military: p.military, favor: p.favor }, showFavor);
      return [
        player(state, p.userID),
        text(' gained '),
        card(state, p.cardID),
        text(cost),
        ...inParentheses([...(got ? [[text(got)]] : []), ...fromCards(state, p.triggeredCards, showFavor)]),
      ];
    }
    case 'GAIN_TRIBUTES': {
      const p = event.payload;
      // Another player's, under hideFavor: the engine does not say whose.
      if (p.userID === HIDDEN_PLAYER) return [text('Another player completed tributes (hidden until the game ends)')];
      const got = [`+${plural(p.tributeTokens, 'tribute token')}`];
      if (showFavor && p.favor) got.push(`${signed(p.favor)} favor`);
      return [
        player(state, p.userID),
        text(' completed '),
        ...list(p.tributeIDs.map((id) => [tribute(state, id)])),
        ...inParentheses([[text(got.join(', '))], ...fromCards(state, p.triggeredCards, showFavor)]),
      ];
    }
    case 'PRODUCTION': {
      const p = event.payload;
      const got = gains({ gold: p.gold, military: p.military }, showFavor);
      return [player(state, p.userID), text(got ? ` produced ${got.replaceAll('+', '')}` : ' produced nothing')];
    }
    case 'EARN_TOKEN': {
      const p = event.payload;
      return [
        player(state, p.userID),
        text(p.token === 'War' ? ' earned a Clash token' : ' earned a reroll token'),
        ...inParentheses(fromCards(state, p.triggeredCards, showFavor)),
      ];
    }
    case 'END_GAME_EFFECTS': {
      const p = event.payload;
      const favor = p.triggeredCards.reduce((sum, t) => sum + t.favor, 0);
      if (p.triggeredCards.length === 0) return [player(state, p.userID), text(' had no prophecies to fulfil')];
      return [
        player(state, p.userID),
        text(`'s prophecies paid${showFavor ? ` ${favor} favor` : ''}: `),
        ...list(p.triggeredCards.map((t) => [card(state, t.cardID)])),
      ];
    }
    case 'END_GAME_SCORING': {
      const p = event.payload;
      return [player(state, p.userID), text(` turned ${p.cost.gold} gold and ${p.cost.military} military into ${plural(p.favor, 'favor', 'favor')}`)];
    }
    case 'END_OF_PHASE':
      return [text(`${PHASE_NAMES[event.payload.phase]} phase ended after ${formatShortDuration(event.payload.elapsed_phase_time)}`)];
    case 'REFUND_MILITARY':
      return [player(state, event.payload.userID), text(` got ${event.payload.refundedMilitary} military back`)];
    case 'USE_REROLL':
      return [player(state, event.payload.userID), text(` used a reroll token and rolled ${event.payload.rolls.join(', ')}`)];
    case 'GAIN_REROLL':
      // Offered, not chosen: the player may now reroll (USE_REROLL) or keep (DECLINE_REROLL).
      return [player(state, event.payload.userID), text(' may reroll')];
    case 'DECLINE_REROLL':
      return [player(state, event.payload.userID), text(' kept their roll')];
    case 'DEAL_CARD':
      return [card(state, event.payload.cardID), text(' was dealt to the trade row')];
    case 'DEAL_TRIBUTE':
      return [tribute(state, event.payload.cardID), text(' joined the tribute row')];
    case 'SLIDE_CARD':
      return [card(state, event.payload.cardID), text(' slid left')];
    case 'DISCARD_TRIBUTE':
      return [tribute(state, event.payload.cardID), text(' was discarded')];
    case 'TRIBUTES_RESHUFFLED':
      return [text(`The tribute deck was reshuffled (${plural(event.payload.count, 'tribute')})`)];
    case 'SET_UP_AGE':
      return [text(`Age ${event.payload.age} begins`)];
    case 'SET_UP_TURN':
      return [text(`Turn ${event.payload.turn} begins`)];
    case 'SET_UP_PHASE':
      return [text(`${PHASE_NAMES[event.payload.phase]} phase`)];
    case 'CHAT':
      return [player(state, event.payload.userID), text(`: ${event.payload.text}`)];
    case 'STAND_IN': {
      const p = event.payload;
      const chose = STAND_IN_CHOICES[p.decision];
      if (p.reason === 'left') return [text(`A bot ${chose} for `), player(state, p.userID), text(', who left the game')];
      if (p.reason === 'no one connected') return [text(`A bot ${chose} for `), player(state, p.userID), text(': nobody was at the table')];
      return [text('Time ran out for '), player(state, p.userID), text(`: a bot ${chose} for them`)];
    }
  }
}

/** A sentence as plain text. */
export function sentenceText(segments: readonly Segment[]): string {
  return segments.map((s) => (s.kind === 'text' ? s.text : s.name)).join('');
}

/** Headings for groups of several events. */
export const GROUP_TITLES: Partial<Record<GameEvent['type'], string>> = {
  BID: 'Bids revealed',
  GAIN_CARD: 'Cards gained',
  GAIN_TRIBUTES: 'Tributes completed',
  DEAL_CARD: 'Cards dealt',
  DEAL_TRIBUTE: 'Tributes dealt',
  SLIDE_CARD: 'Trade row slid',
  PRODUCTION: 'Production',
  EARN_TOKEN: 'Tokens earned',
  END_GAME_EFFECTS: 'Prophecies',
  END_GAME_SCORING: 'Final scoring',
};
