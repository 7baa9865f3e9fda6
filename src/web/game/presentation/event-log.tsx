/**
 * The game log: groups of events, newest first, each event a sentence with players in their seat
 * colour and by name, cards in their affinity's colour. Long logs show the newest groups and a
 * button for the rest, so a late-game update does not re-render hundreds of rows.
 */
import { memo, useMemo, useState } from 'react';
import type { GameEvent } from '../../../engine/events.js';
import { AFFINITY_COLORS } from '../../lib/palette.js';
import type { GameScreenState } from '../model.js';
import { textOn, type Seat } from './format.js';
import { groupEvents } from './log-groups.js';
import { GROUP_TITLES, sentence, sentenceText, type LogState, type Segment } from './log-sentences.js';
import classes from './presentation.module.css';
import { UserText } from '../../components/user-text.js';

const PAGE = 40;

/** Markers of the game's rhythm: drawn as quiet dividers, not as news. */
const DIVIDERS = new Set<GameEvent['type']>(['SET_UP_AGE', 'SET_UP_TURN']);
const MINOR = new Set<GameEvent['type']>(['SET_UP_PHASE', 'END_OF_PHASE', 'TRIBUTES_RESHUFFLED', 'DISCARD_TRIBUTE']);

function groupClass(type: GameEvent['type']): string {
  if (DIVIDERS.has(type)) return `${classes.logGroup} ${classes.logDivider}`;
  if (MINOR.has(type)) return `${classes.logGroup} ${classes.logMinor}`;
  return classes.logGroup!;
}

function SegmentView({ segment }: { segment: Segment }) {
  switch (segment.kind) {
    case 'text':
      return <>{segment.text}</>;
    case 'player':
      return (
        <span className={classes.logPlayer} style={{ background: segment.color, color: textOn(segment.color) }} data-player-id={segment.userID}>
          <UserText>{segment.name}</UserText>
        </span>
      );
    case 'card': {
      const palette = segment.affinity ? AFFINITY_COLORS[segment.affinity] : AFFINITY_COLORS.None;
      return (
        <span className={classes.logCard} style={{ borderColor: palette.frame, background: palette.light, color: palette.ink }}>
          {segment.name}
        </span>
      );
    }
    case 'tribute':
      return <span className={classes.logTribute}>{segment.name}</span>;
  }
}

const Line = memo(function Line({ state, event }: { state: LogState; event: GameEvent }) {
  const segments = sentence(state, event);
  return (
    <li className={classes.logLine} data-event-type={event.type} title={sentenceText(segments)}>
      {segments.map((s, i) => (
        <SegmentView key={i} segment={s} />
      ))}
    </li>
  );
});

const seatsOf = (players: readonly Seat[]): Seat[] => players.map(({ userID, color }) => ({ userID, color }));
const sameSeats = (a: readonly Seat[], b: readonly Seat[]) => a.length === b.length && a.every((s, i) => s.userID === b[i]!.userID && s.color === b[i]!.color);

/** The players' seats and colours, the same array for as long as they stay the same (players' objects change with their counters). */
function useSeats(players: readonly Seat[]): Seat[] {
  const [seats, setSeats] = useState(() => seatsOf(players));
  if (!sameSeats(seats, players)) {
    const now = seatsOf(players);
    setSeats(now);
    return now;
  }
  return seats;
}

export function EventLog({ state }: { state: GameScreenState }) {
  const groups = useMemo(() => groupEvents(state.events), [state.events]);
  const [shown, setShown] = useState(PAGE);
  // Only the fields sentences read, so the memoised lines re-render when names, cards, seats or
  // favor's showing change, not with every view (the game object is new with each one).
  const seats = useSeats(state.game.players);
  const hideFavor = state.game.options.hideFavor;
  const { gameEndTimestamp } = state.game;
  const logState = useMemo<LogState>(
    () => ({ usersByID: state.usersByID, cardsByID: state.cardsByID, tributeCardsByID: state.tributeCardsByID, game: { players: seats, options: { hideFavor }, gameEndTimestamp } }),
    [state.usersByID, state.cardsByID, state.tributeCardsByID, seats, hideFavor, gameEndTimestamp],
  );

  return (
    <section className={classes.log} aria-label="Game log">
      <h2 className={classes.panelTitle}>Game Log</h2>
      {groups.length === 0 && <p className={classes.logEmpty}>Nothing has happened yet.</p>}
      {/* The log scrolls: it takes focus so a keyboard can scroll it, and stays a list for screen readers. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <ol className={classes.logGroups} data-testid="event-log" tabIndex={0} aria-label="Events, newest first">
        {groups.slice(0, shown).map((group) => {
          const first = group.events[0]!;
          return (
            <li key={group.key} className={groupClass(group.type)} data-group-type={group.type} data-count={group.events.length}>
              {group.events.length > 1 && (
                <div className={classes.logGroupTitle}>
                  {GROUP_TITLES[group.type] ?? group.type} <span className={classes.logMeta}>· Age {first.age}, Turn {first.turn}</span>
                </div>
              )}
              <ul className={classes.logLines}>
                {group.events.map((event, i) => (
                  <Line key={i} state={logState} event={event} />
                ))}
              </ul>
            </li>
          );
        })}
      </ol>
      {groups.length > shown && (
        <button type="button" className={classes.linkButton} onClick={() => setShown((n) => n + PAGE * 4)}>
          Show older events ({groups.length - shown} more)
        </button>
      )}
    </section>
  );
}
