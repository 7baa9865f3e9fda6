/**
 * Play now on the lobby list: choose a table size (2, 3 or 4 players) and press Play now; the
 * people who press it for the same size within the window sit together, and bots take the seats
 * nobody took when it ends. Shows how many wait for each size, the caller's own wait (how long is
 * left, with Cancel), and goes to the game screen as soon as the game starts. Live through
 * lobbies.playNow.onStatus.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Paper, Text } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { useRetried } from '../lib/connection.js';
import { trpc } from '../lib/trpc.js';
import { unanswered } from '../lib/unanswered.js';
import { useNow } from '../lib/use-now.js';
import classes from './play-now.module.css';

/** A press that never reached the server (no answer of the server's: "Failed to fetch" said nothing to a player). */
export const PLAY_NOW_UNSENT_MESSAGE = 'Play now did not reach the server: the connection dropped. Press it again once the connection is back.';

const SIZES = [2, 3, 4] as const;
type Size = (typeof SIZES)[number];

/**
 * Who sits at the player's table so far (`atTable`, the player included): "1 waiting" read as
 * someone else to play with while the player sat alone, and the count of the size as someone who
 * would never sit with them (a lookalike name waits at a table of its own).
 */
function waitingWithYou(atTable: number): string {
  const others = Math.max(0, atTable - 1);
  return others === 0 ? 'only you' : `you and ${others} more`;
}

/** Who waits with the player, as a screen reader hears it with the wait: "1 of 3 seats taken: only you." */
function waitHeard(size: number, atTable: number): string {
  const taken = Math.min(size, Math.max(1, atTable));
  return `${taken} of ${size} seats taken: ${waitingWithYou(atTable)}.`;
}

/** Seconds left until `deadline`, ticking each second. */
function useSecondsLeft(deadline: number | null): number | null {
  const now = useNow(deadline !== null);
  return deadline === null ? null : Math.max(0, Math.ceil((deadline - now) / 1000));
}

export function PlayNow() {
  const navigate = useNavigate();
  const status = trpc.lobbies.playNow.onStatus.useSubscription(undefined);
  // Refused when asked again after a drop, the status is asked again by itself: a game found
  // meanwhile would never have been told.
  const { heard } = useRetried(status);
  useEffect(() => {
    if (status.data !== undefined) heard();
  }, [status.data, heard]);
  // Sent at once, online or not: held back while the browser was offline (the query library's
  // way), the button spun with no word until the connection came back.
  const join = trpc.lobbies.playNow.join.useMutation({ networkMode: 'always' });
  const cancel = trpc.lobbies.playNow.cancel.useMutation();
  const [size, setSize] = useState<Size>(2);
  const [error, setError] = useState<string | null>(null);
  const gone = useRef<string | null>(null);
  // The game this page is on its way to: on a slow link its screen's files take seconds to come,
  // and meanwhile this list stays, its status back to no wait (the result is forgotten as soon as
  // it is seen): it said 'A game in one click', with Play now ready to start a second one.
  const [opening, setOpening] = useState<string | null>(null);
  const mine = status.data?.mine ?? null;
  const secondsLeft = useSecondsLeft(mine?.state === 'waiting' ? mine.deadline : null);

  // The game started: to its screen, once, and the wait's result is forgotten.
  useEffect(() => {
    if (mine?.state !== 'matched' || gone.current === mine.gameID) return;
    gone.current = mine.gameID;
    setOpening(mine.gameID);
    cancel.mutate();
    void navigate(`/game/${mine.gameID}`);
  }, [mine, cancel, navigate]);

  // The key of the last press, until the status shows a wait: should the press reach the server
  // twice (a request sent again), or the button be clicked again after its answer and before the
  // status caught up, the server answers what became of the first rather than starting a second
  // wait (after the result was shown and forgotten, that was a second game).
  const pressID = useRef<string | null>(null);
  useEffect(() => {
    if (mine !== null) pressID.current = null;
  }, [mine]);

  async function press() {
    setError(null);
    try {
      pressID.current ??= Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');
      await join.mutateAsync({ size, pressID: pressID.current });
    } catch (e) {
      setError(unanswered(e) ? PLAY_NOW_UNSENT_MESSAGE : e instanceof Error ? e.message : String(e));
    }
  }
  async function stop() {
    setError(null);
    try {
      await cancel.mutateAsync();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }

  const counts = status.data?.waiting ?? [];
  const waitingFor = (n: Size) => counts.find((c) => c.size === n)?.waiting ?? 0;
  const busy = opening !== null || mine?.state === 'waiting' || mine?.state === 'starting' || mine?.state === 'matched';
  // The size the wait is for while there is one, else the one chosen.
  const shown: Size = mine && mine.state !== 'failed' ? mine.size : size;
  return (
    <Paper component="section" aria-label="Play now" withBorder p="xs" mb="sm" className="mythos-play-now" data-play-now={mine?.state ?? 'idle'}>
      <Group gap="xs" align="center" wrap="wrap">
        {/* The browser's own radio buttons drawn as one bar: Mantine's SegmentedControl measured
            the page in its first effect to place its sliding indicator, a forced layout of the
            whole lobby list inside the first render's task. Read-only, not disabled, while
            waiting: the chosen size stays readable. */}
        <div role="radiogroup" aria-label="Players at the table" aria-readonly={busy || undefined} className={classes.sizes}>
          {SIZES.map((n) => (
            <label key={n} className={classes.size} data-active={shown === n || undefined}>
              <input type="radio" name="play-now-size" value={n} checked={shown === n} onChange={() => {
                  if (!busy) setSize(n);
                }} />
              <span>{n} players</span>
              <span className={classes.waiting} data-waiting-size={n}>
                {mine?.state === 'waiting' && mine.size === n ? waitingWithYou(mine.atTable) : `${waitingFor(n)} waiting`}
              </span>
            </label>
          ))}
        </div>
        {mine?.state === 'waiting' ? (
          <Button variant="default" size="sm" onClick={() => void stop()} loading={cancel.isPending}>
            Cancel
          </Button>
        ) : (
          <Button size="sm" color="gold" onClick={() => void press()} loading={join.isPending || mine?.state === 'starting'} disabled={busy} title="Sit down with the people who press it within a few seconds; bots take the other seats">
            Play now
          </Button>
        )}
      </Group>
      {/* A live region says what changes in words, never a running count: the seconds left are
          shown, not read out each second; who else waits is (the wait's news). */}
      <Text size="xs" mt={4} role="status" data-play-now-message>
        {mine?.state === 'waiting' ? (
          <>
            Waiting for players for a game of {mine.size}
            <span aria-hidden="true">: {secondsLeft ?? 0} s left</span>, then bots take the empty seats.
            <span className="mythos-visually-hidden"> {waitHeard(mine.size, mine.atTable)}</span>
          </>
        ) : mine?.state === 'starting' || mine?.state === 'matched' || opening !== null
            ? 'Starting your game...'
            : `A game in one click: you sit with whoever presses Play now within ${status.data?.windowSeconds ?? 20} s; bots fill the other seats.`}
      </Text>
      {(error ?? (mine?.state === 'failed' ? mine.message : null)) !== null && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          mt="xs"
          title="Play now"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => {
            setError(null);
            if (mine?.state === 'failed') cancel.mutate();
          }}
        >
          {error ?? (mine?.state === 'failed' ? mine.message : '')}
        </Alert>
      )}
    </Paper>
  );
}
