/**
 * The dice display of one clash: initial (bids face up), rolling (20 faces, 25 ms to 250 ms
 * apart), results (totals and W/L labels), a re-roll round 1.5 s after a tie, and completed 1.5 s
 * after the last round. Its Skip button skips to the results; `instant` shows the outcome at once.
 * A chunk of its own, which the screen imports through clash-dice.tsx.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '@mantine/core';
import type { GameEvent } from '../../../engine/events.js';
import type { GameScreenState } from '../model.js';
import { clashPlayers, clashTimeline, describeResultLabel, earlierRounds, resultAt, resultLabel, resultLegend, roundWinner, ROLL_STEPS, type ClashFrame } from './clash.js';
import type { ClashLike } from './clash-shows.js';
import { Die } from './dice.js';
import { playerRef, textOn } from './format.js';
import classes from './presentation.module.css';
import { UserText } from '../../components/user-text.js';
import { focusPanelWhenGone } from './panel-focus.js';

export interface ClashDisplayProps {
  state: GameScreenState;
  /**
   * A CONFLICT_RESULTS event, or an open clash of the war phase (same fields). Without one, the
   * display shows this turn's clashes, settled (and mounts the animation overlay if nobody has).
   */
  event?: Extract<GameEvent, { type: 'CONFLICT_RESULTS' }> | ClashLike;
  /** The clash is still open (reroll choices pending): its leader 'leads', not 'wins'. */
  open?: boolean;
  /** Called when the display completes: its results shown and read, or skipped to. */
  onDone?: () => void;
  /** Rounds before this one were already rolled on screen. */
  fromRound?: number;
  /** Show the outcome without rolling (animations disabled). */
  instant?: boolean;
  /** Show the completed state straight away (a clash already rolled, shown again). */
  completed?: boolean;
}

/** The dice table's heads before its Result, which carries the key to its labels. */
const COLUMN_HEADS = ['Player', 'Bid', 'Dice', 'Total'] as const;

/** A face for the rolling dice: varied per step and die, stable across re-renders. */
function tumblingFace(step: number, seat: number, die: number): number {
  return ((step * 7 + seat * 13 + die * 5 + ((step * seat) % 3)) % 6) + 1;
}

/** `standIn`: still at the first round's start (no dice, no result), for a place kept while the overlay rolls. */
export function ClashDice({ state, event, onDone, fromRound = 0, instant = false, completed = false, open = false, standIn = false }: ClashDisplayProps & { event: NonNullable<ClashDisplayProps['event']>; standIn?: boolean }) {
  const clash: ClashLike = 'payload' in event ? event.payload : event;
  const rounds = clash.rounds;
  const timeline = useMemo(() => {
    if (standIn) return [{ at: 0, frame: { stage: 'initial' as const, round: 0, step: 0 } }];
    const full = clashTimeline(rounds.length, instant ? rounds.length : fromRound);
    return completed ? [{ at: 0, frame: full[full.length - 1]!.frame }] : full;
  }, [rounds.length, fromRound, instant, completed, standIn]);
  const [frame, setFrame] = useState<ClashFrame>(timeline[0]!.frame);
  const [skipped, setSkipped] = useState(false);

  // The latest callback, read when the end comes: the timeline restarts only for a new clash or a
  // skip, not for a new callback.
  const onDoneRef = useRef(onDone);
  useEffect(() => {
    onDoneRef.current = onDone;
  });
  useEffect(() => {
    const show = (next: ClashFrame) => {
      setFrame(next);
      if (next.stage === 'completed') onDoneRef.current?.();
    };
    const timers: number[] = [];
    const last = timeline[timeline.length - 1]!;
    // Skipped: straight to the end, whose summary shows the results where they stay (under the
    // trade row or in the corner), and the board is the player's again.
    if (skipped) show(last.frame);
    else {
      const start = performance.now();
      for (const entry of timeline) timers.push(window.setTimeout(() => show(entry.frame), Math.max(0, entry.at - (performance.now() - start))));
    }
    return () => timers.forEach((t) => window.clearTimeout(t));
  }, [timeline, skipped]);

  const players = clashPlayers(rounds);
  const shownRound = frame.stage === 'initial' ? Math.max(0, frame.round - 1) : frame.round;
  const round = rounds[Math.min(shownRound, rounds.length - 1)] ?? {};
  const settled = frame.stage === 'results' || frame.stage === 'completed';
  const isLast = frame.round >= rounds.length - 1;
  const winner = settled ? (isLast ? clash.winningPlayerID : roundWinner(round)) : null;
  const tie = settled && !isLast && winner === null;
  const card = state.cardsByID[clash.cardID];
  // While the dice are still to settle (and the panel waits for them), they can be skipped.
  const skippable = !standIn && !completed && !skipped && !(settled && isLast);
  const labels = settled && !tie ? players.map((playerID) => resultLabel(round, playerID, winner)) : [];
  // Settled after more than one round: the rounds before, in words (only the last one's dice show).
  const history = settled && isLast && rounds.length > 1 ? earlierRounds(rounds, (id) => playerRef(state, id).name) : [];

  return (
    <section
      className={classes.clash}
      data-clash-stage={standIn ? undefined : frame.stage}
      aria-label={`Clash for ${card?.name ?? 'a card'}`}
    >
      <header className={classes.clashTitle}>
        <span>Clash for {card?.name ?? `card ${clash.cardID}`}</span>
        {rounds.length > 1 && <span className={classes.clashRound}>Round {Math.min(frame.round, rounds.length - 1) + 1}/{rounds.length}</span>}
      </header>
      <div role="table" className={classes.clashTable} aria-label="Dice">
        <div role="row" className={classes.clashRow}>
          {COLUMN_HEADS.map((head) => (
            <span key={head} role="columnheader" className={classes.clashHead}>
              {head}
            </span>
          ))}
          <span role="columnheader" className={classes.clashHead}>
            <abbr title="W won, L lost; + highest bid, - a lower bid">Result</abbr>
          </span>
        </div>
        {players.map((playerID, seat) => {
          const who = playerRef(state, playerID);
          const fresh = rounds[frame.round]?.[playerID];
          const rollingNow = frame.stage === 'rolling' && fresh?.didRoll === true;
          const shown = frame.stage === 'initial' ? (frame.round === 0 ? null : resultAt(rounds, frame.round - 1, playerID)) : resultAt(rounds, frame.round, playerID);
          const dice = Array.from({ length: (fresh ?? shown)?.rolls.length ?? 1 }, (_, d) =>
            rollingNow ? tumblingFace(frame.step, seat, d) : frame.stage === 'rolling' || frame.stage === 'initial' ? (shown?.rolls[d] ?? null) : (round[playerID]?.rolls[d] ?? shown?.rolls[d] ?? null),
          );
          const result = settled ? round[playerID] : undefined;
          const won = winner === playerID;
          const label = labels[seat] ?? '';
          return (
            <div role="row" key={playerID} className={classes.clashRow} data-player-id={playerID} data-won={won || undefined}>
              <span role="cell" className={classes.clashName}>
                <span className={classes.swatch} style={{ background: who.color }} aria-hidden />
                <span style={{ background: who.color, color: textOn(who.color) }} className={classes.playerName}>
                  <UserText>{who.name}</UserText>
                </span>
              </span>
              <span role="cell" className={classes.clashBonus} title="Bid (bonus)">
                +{(fresh ?? shown ?? rounds[0]?.[playerID])?.bonus ?? 0}
              </span>
              <span role="cell" className={rollingNow ? `${classes.clashDice} ${classes.tumbling}` : classes.clashDice} data-step={rollingNow ? frame.step : undefined}>
                {dice.map((value, d) => (
                  <Die key={d} value={value} highlight={won} dim={frame.stage === 'rolling' && !rollingNow} />
                ))}
              </span>
              <span role="cell" className={classes.clashTotal}>
                {result ? `= ${result.total}` : '= ?'}
              </span>
              <span role="cell" className={classes.clashLabel} data-label={label || undefined} title={label ? describeResultLabel(label) : undefined}>
                {label && <abbr title={describeResultLabel(label)}>{label}</abbr>}
              </span>
            </div>
          );
        })}
      </div>
      {skippable && (
        <div className={classes.clashSkip}>
          <Button
            size="compact-sm"
            variant="light"
            color="yellow"
            onClick={(event) => {
              focusPanelWhenGone(event.currentTarget);
              setSkipped(true);
            }}
            aria-label="Skip the dice roll"
            title="Skip to the results"
          >
            Skip
          </Button>
        </div>
      )}
      {history.length > 0 && (
        <ul className={classes.clashHistory} aria-label="Earlier rounds">
          {history.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {/* The labels in words, on the screen: a tooltip never shows on a touch screen. */}
      {resultLegend(labels).length > 0 && (
        <p className={classes.clashLegend} data-testid="clash-legend">
          {resultLegend(labels).join(' · ')}
        </p>
      )}
      {/* Not a live region: the game's news says a clash's start and result once (announcer.tsx); this
          panel is drawn again in its corner and under the row, and each said it again. */}
      <footer className={classes.clashFooter}>
        {frame.stage === 'initial' && 'The dice are cast...'}
        {frame.stage === 'rolling' && (frame.step < ROLL_STEPS - 1 ? 'Rolling...' : '')}
        {tie && 'Tie! The tied players roll again.'}
        {settled && !tie && winner !== null && (
          <>
            <UserText>{playerRef(state, winner).name}</UserText> {open ? 'leads' : 'wins'} the clash
          </>
        )}
      </footer>
    </section>
  );
}
