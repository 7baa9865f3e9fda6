/**
 * The clash display: one clash's dice (clash-dice.tsx) for a given event, or, without one, this
 * turn's clashes as they stand under the trade row (mounting the animation overlay if nobody has).
 */
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { GameScreenState } from '../model.js';
import { FINISH_PAUSE_MS } from './clash.js';
import { clashKey, type ClashLike } from './clash-shows.js';
import { animationStore } from './animation-store.js';
import { AnimationLayer } from './animation-layer.js';
import { ClashDice, usePreloadClashDice, type ClashDisplayProps } from './clash-dice.js';
import classes from './presentation.module.css';

export type { ClashDisplayProps };

export function ClashDisplay(props: ClashDisplayProps) {
  if (!props.event) return <CurrentClashes state={props.state} />;
  return <ClashDice {...props} event={props.event} />;
}

/**
 * This turn's clashes, as they stand, under the trade row. While the overlay rolls one, its place
 * here is kept by an invisible stand-in of the same size (showing no result): a display appearing
 * only once the dice settled pushed what is below it down at that moment. A settled clash's summary
 * stays for the finish pause (15 s from when it is first shown settled here), then goes; a clash
 * still open in the war (reroll choices pending) stays while the choice is made.
 */
function CurrentClashes({ state }: { state: GameScreenState }) {
  const { clashes: active } = useSyncExternalStore(animationStore.subscribe, animationStore.get, animationStore.get);
  useEffect(() => animationStore.mountInline(), []);
  const { game } = state;
  const shown = useMemo(() => {
    const out: { key: string; clash: ClashLike; open: boolean }[] = [];
    if (game.phase === 'WAR') for (const clash of game.clashes) out.push({ key: clashKey(game.age, game.turn, clash.cardID), clash, open: true });
    for (let i = state.events.length - 1; i >= 0; i--) {
      const event = state.events[i]!;
      if (event.age !== game.age || event.turn !== game.turn) break;
      if (event.type === 'CONFLICT_RESULTS') {
        const key = clashKey(event.age, event.turn, event.payload.cardID);
        if (!out.some((c) => c.key === key)) out.unshift({ key, clash: event.payload, open: false });
      }
    }
    return out;
  }, [game, state.events]);
  usePreloadClashDice(game, shown.length > 0, state.me === null);
  const rolling = new Set(active.filter((c) => !c.done).map((c) => c.key));
  const over = useFinishPause(shown.filter((c) => !c.open && !rolling.has(c.key)).map((c) => c.key));
  const visible = shown.filter((c) => !over.has(c.key));
  return (
    <>
      <AnimationLayer state={state} />
      {visible.length > 0 && (
        <div className={classes.clashInline} data-testid="clashes">
          {visible.map(({ key, clash, open }) =>
            rolling.has(key) ? (
              <div key={key} className={`${classes.clashCardInline} ${classes.clashStandIn}`} aria-hidden inert data-clash-stand-in>
                <ClashDice key="stand-in" state={state} event={clash} open={open} standIn />
              </div>
            ) : (
              <div key={key} className={classes.clashCardInline}>
                {/* Its own key: mounted afresh when the stand-in gives way, it starts at its settled frame rather than the stand-in's for a frame. */}
                <ClashDice key="settled" state={state} event={clash} open={open} completed />
              </div>
            ),
          )}
        </div>
      )}
    </>
  );
}

/** The keys among `settled` whose finish pause is over: each has shown settled here for FINISH_PAUSE_MS. */
function useFinishPause(settled: string[]): ReadonlySet<string> {
  const since = useRef(new Map<string, number>());
  const [over, setOver] = useState<ReadonlySet<string>>(new Set());
  // The keys as one string: a new array at each render must not restart the timers.
  const keys = settled.join(' ');
  useEffect(() => {
    const now = performance.now();
    const timers: number[] = [];
    const current = keys.split(' ').filter(Boolean);
    // A key that left (rolling in the overlay, which it may start doing a render after it first
    // showed here) starts its pause afresh when it is back.
    for (const k of since.current.keys()) if (!current.includes(k)) since.current.delete(k);
    for (const k of current) {
      if (!since.current.has(k)) since.current.set(k, now);
      const left = since.current.get(k)! + FINISH_PAUSE_MS - now;
      if (left > 0) timers.push(window.setTimeout(() => setOver((o) => new Set(o).add(k)), left));
      else setOver((o) => (o.has(k) ? o : new Set(o).add(k)));
    }
    return () => timers.forEach((t) => window.clearTimeout(t));
  }, [keys]);
  return over;
}
