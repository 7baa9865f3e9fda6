/**
 * What a screen reader hears of the game as it goes: one polite region, out of sight, that says
 * each piece of news once, in short sentences, as the screen shows it (the presented state: a
 * clash's result once its dice have settled, not before). The bids revealed and on which cards, a
 * clash starting and its result with the totals, the cards, tributes and tokens gained, a new age,
 * a bot choosing for a player, another player away, back or gone, the game's end and who won; and
 * when the move is the viewer's, what it asks and its limits, and when their time is nearly out.
 *
 * A log region (additions only, the site's news region: components/news-log.tsx): each message
 * is a line of its own, and only the new line is read. The game log itself is no live region: read out whole at each step, it would say
 * everything again and again.
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { GameEvent } from '../../../engine/events.js';
import type { Decision } from '../../../engine/pending.js';
import { NewsLog, useNewsLines } from '../../components/news-log.js';
import { listInWords } from '../../lib/words.js';
import { lostClashOf } from '../derive.js';
import type { GameScreenState } from '../model.js';
import { animationStore } from './animation-store.js';
import { playerRef } from './format.js';
import { sentence, sentenceText } from './log-sentences.js';
import { heldBack, usePresentationPlaying } from './use-event-animations.js';

/** The events a player is told of as they happen; the rest (deals, slides, phases) the screen and the log show. */
const NEWS = new Set<GameEvent['type']>(['CONFLICT_RESULTS', 'GAIN_CARD', 'GAIN_TRIBUTES', 'EARN_TOKEN', 'USE_REROLL', 'DECLINE_REROLL', 'STAND_IN', 'REFUND_MILITARY']);

const period = (line: string): string => (/[.!?]$/.test(line) ? line : `${line}.`);

/** The news in a batch of new events, as sentences: the bids together, a new age said as the last one's end. */
export function newsOf(state: GameScreenState, events: readonly GameEvent[]): string[] {
  const out: string[] = [];
  const bids = events.filter((e) => e.type === 'BID').map((e) => sentenceText(sentence(state, e)));
  for (const event of events) {
    if (event.type === 'BID') {
      if (bids.length > 0) out.push(period(`Bids revealed: ${bids.join(', ')}`));
      bids.length = 0;
    } else if (event.type === 'SET_UP_AGE') {
      if (event.payload.age > 1) out.push(`Age ${event.payload.age - 1} is over. Age ${event.payload.age} begins.`);
    } else if (event.type === 'PRODUCTION') {
      if (event.payload.userID === state.me) out.push(period(sentenceText(sentence(state, event))));
    } else if (NEWS.has(event.type)) {
      out.push(period(sentenceText(sentence(state, event))));
    }
  }
  return out;
}

/** What the viewer's move asks, with its limits. */
export function yourMoveWords(state: GameScreenState, decision: Decision): string | null {
  switch (decision.type) {
    case 'BID': {
      const { minMilitary: min, maxMilitary: max } = decision;
      return `Your move: choose a card on the trade row and your bid, ${min === max ? `${min}` : `${min} to ${max}`} military.`;
    }
    case 'REROLL': {
      // As the panel says it: the card and the totals.
      const { clash, mine, best } = lostClashOf(state) ?? {};
      const lost = clash ? ` for ${state.cardsByID[clash.cardID]?.name ?? `card ${clash.cardID}`}${mine && best ? ` (${mine.total} against ${playerRef(state, clash.winningPlayerID).name}'s ${best.total})` : ''}` : '';
      return `Your move: you lost the clash${lost}. Reroll with a token (${decision.rerollTokens} held), or keep?`;
    }
    case 'RESOLVE': {
      const won = decision.choices.length > 0 && !state.game.basicPile.includes(decision.choices[0]!.cardID) ? decision.choices[0]!.cardID : null;
      const name = won === null ? null : (state.cardsByID[won]?.name ?? `card ${won}`);
      return name === null ? 'Your move: gain a basic card.' : `Your move: you won ${name}. Gain it, or a basic card instead.`;
    }
    default:
      return null;
  }
}

/** Players by name: 'Ann and Bob', 'Ann, Bob and Cy'. */
const names = (state: GameScreenState, ids: readonly string[]): string => listInWords(ids.map((id) => playerRef(state, id).name));

export interface AnnouncerProps {
  /** The presented state (the screen's, held while a clash's dice roll). */
  state: GameScreenState;
  /** The viewer's decision due now (from the live state), or null. */
  decision: Decision | null;
  /** True while the move waits for the screen (dice rolling, a row being dealt): it is said once they are done. */
  waiting: boolean;
  /** The deadline whose last seconds have come, and how many are left then (useLowTimeCue), or null. */
  lowTime?: { deadline: number; seconds: number } | null;
  /** Who won, once the game is over (nobody who forfeited): said with the end of a live game. */
  winnerIDs?: readonly string[];
  /** Nothing of this update is said (a replay's jump: its place is said, and its news would be a flood). */
  quiet?: boolean;
  /**
   * A live game (the default): its start and its end are said here. False for a replay, whose
   * place ("Step 0 of 64") and winner banner say them.
   */
  live?: boolean;
}

/**
 * Whether the game is still at its first decision (age 1, turn 1, nobody's bid revealed): a page
 * opened now is the game's start. A lobby's Start, Play now and Rematch each move the page to the
 * game at once, so the lobby's own news never had the time to say it.
 */
const atItsStart = (game: GameScreenState['game']): boolean => game.age === 1 && game.turn === 1 && (game.phase === 'SETUP' || game.phase === 'PRODUCTION' || game.phase === 'PLANNING');

const NOBODY: readonly string[] = [];

export function Announcer({ state, decision, waiting, lowTime = null, winnerIDs = NOBODY, quiet = false, live = true }: AnnouncerProps) {
  const { lines, say } = useNewsLines();
  const playing = usePresentationPlaying();
  const count = state.events.length;
  const seen = useRef<{ gameID: string; count: number } | null>(null);
  const moveSaid = useRef<string | null>(null);
  const endSaid = useRef<boolean | null>(null);
  const ended = state.game.gameEndTimestamp !== null && !playing;
  const moveKey = decision !== null && decision.type !== 'WAIT_FOR_OTHERS' && !waiting && state.game.gameEndTimestamp === null ? `${state.game.age}/${state.game.turn}/${state.game.phase}/${state.game.rerollRound}:${decision.type}` : null;
  useEffect(() => {
    // The one render of an update about to be held back for its clash (never painted): its news waits for the dice.
    if (heldBack(count)) return;
    const parts: string[] = [];
    const before = seen.current;
    if (before === null || before.gameID !== state.game.id || count < before.count || quiet) {
      // The page's first sight of the game (or a replay's jump, or step back): the log holds what
      // came before; nothing of it is read out, only that the game starts if it does.
      if (before === null && live && !quiet && !ended && atItsStart(state.game)) parts.push('The game starts.');
      seen.current = { gameID: state.game.id, count };
      endSaid.current = ended;
    } else if (count > before.count) {
      parts.push(...newsOf(state, state.events.slice(before.count)));
      seen.current = { gameID: state.game.id, count };
    }
    if (!ended) endSaid.current = false;
    else if (endSaid.current === false) {
      endSaid.current = true;
      if (live) parts.push(`The game is over. ${winnerIDs.length === 0 ? 'Nobody' : names(state, winnerIDs)} won.`);
    }
    if (moveKey !== null && moveKey !== moveSaid.current && decision) {
      moveSaid.current = moveKey;
      const words = yourMoveWords(state, decision);
      if (words) parts.push(words);
    }
    say(parts);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state, count, ended, moveKey, quiet]);
  // A clash's dice starting to roll: its card, who rolls and their bids (the bids revealed are
  // said with the rest of the turn's news once the dice have settled). Not a clash's verdict
  // alone, with no die rolled (a roll kept after a reroll was offered): its dice were said.
  const clashes = useSyncExternalStore(animationStore.subscribe, () => animationStore.get().clashes, () => animationStore.get().clashes);
  const clashesSaid = useRef(new Set<number>());
  useEffect(() => {
    const started = clashes.filter((c) => !c.done && !c.instant && !clashesSaid.current.has(c.id) && c.fromRound < c.clash.rounds.length);
    for (const c of clashes) clashesSaid.current.add(c.id);
    say(
      started.map((c) => {
        const round = Object.values(c.clash.rounds[c.fromRound] ?? {});
        const card = state.cardsByID[c.clash.cardID]?.name ?? `card ${c.clash.cardID}`;
        if (c.fromRound > 0) return `Clash for ${card}, round ${c.fromRound + 1}: ${names(state, round.map((r) => r.playerID))} roll again.`;
        return `Clash for ${card}: ${listInWords(round.map((r) => `${playerRef(state, r.playerID).name} (bid ${r.bonus})`))} roll the dice.`;
      }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [clashes]);
  // Another player going away (a bot plays for them meanwhile), coming back, or leaving the game.
  const awaySeen = useRef<Record<string, string> | null>(null);
  useEffect(() => {
    const before = awaySeen.current;
    awaySeen.current = state.awayByUserID;
    if (before === null || before === state.awayByUserID || state.game.gameEndTimestamp !== null) return;
    const parts: string[] = [];
    for (const { userID } of state.game.players) {
      if (userID === state.me) continue;
      const [was, now] = [before[userID], state.awayByUserID[userID]];
      if (was === now) continue;
      const name = playerRef(state, userID).name;
      if (now === 'left') parts.push(`${name} left the game: a bot plays for them to the end.`);
      else if (now !== undefined && was === undefined) parts.push(`${name} is away: a bot plays for them until they are back.`);
      else if (now === undefined && was !== 'left') parts.push(`${name} is back.`);
    }
    say(parts);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.awayByUserID]);
  const lowSaid = useRef<number | null>(null);
  useEffect(() => {
    if (lowTime === null || lowSaid.current === lowTime.deadline || moveKey === null) return;
    lowSaid.current = lowTime.deadline;
    say([`${lowTime.seconds} seconds left for your move.`]);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lowTime]);
  return <NewsLog label="Game news" lines={lines} testID="game-news" />;
}
