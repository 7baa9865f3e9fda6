/**
 * What the game screen tells its player about their own seat: that a bot chose for them when
 * their time ran out (with a way back), also when they were away and missed it, that they left;
 * the "Leave game" control; and, while the tab is hidden, that their move has come ("(1) Your
 * move — Mythos" in the title and, if they allowed it, a browser notification).
 */
import { memo, useEffect, useRef, useState, type MouseEvent } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { Modal } from '../lib/lazy-modal.js';
import type { Decision } from '../../engine/pending.js';
import { trpc } from '../lib/trpc.js';
import type { GameScreenState } from './model.js';
import { moveIsDue } from './derive.js';
import classes from './seat-notices.module.css';
import { standInTurn } from './stand-ins.js';

/** Whether the tab is hidden, kept as it changes. */
function useHidden(): boolean {
  const [hidden, setHidden] = useState(() => typeof document !== 'undefined' && document.visibilityState === 'hidden');
  useEffect(() => {
    const changed = () => setHidden(document.visibilityState === 'hidden');
    document.addEventListener('visibilitychange', changed);
    return () => document.removeEventListener('visibilitychange', changed);
  }, []);
  return hidden;
}

/**
 * The notice over the action panel when a stand-in chose, or plays, for the viewer. On a phone
 * (`compact`) it is one line and its button: the panel is docked at the screen's foot, and the
 * notice with its explanation grew it over the trade row the player had to pick from.
 *
 * The seat's stand-in mark is gone by the time a player whose page was hidden or offline comes
 * back (the server clears it once they are here), so the log's STAND_IN for their seat tells them
 * instead, unless this page already showed them the mark in that turn or this one. The turn before
 * counts too: a bot's gain for a player who was away is often the last choice of a turn, and they
 * came back to the next one told nothing.
 */
export function TakeoverNotice({ state, onBack, compact = false }: { state: GameScreenState; onBack: () => void; compact?: boolean }) {
  const seat = state.me === null ? null : state.seatsByUserID[state.me];
  const { age, turn } = state.game;
  const key = `${age}:${turn}`;
  const hidden = useHidden();
  const marked = !!seat && seat.standIn !== null;
  // The turn in which this page showed the mark, and the turn whose missed notice was closed.
  const [seen, setSeen] = useState<string | null>(null);
  const [closed, setClosed] = useState<string | null>(null);
  useEffect(() => {
    if (!marked || hidden) return;
    // A mark up for a moment was not read: back from a drop, the page's own fetch can carry it
    // until the server counts the player back and clears it.
    const timer = setTimeout(() => setSeen(key), 1000);
    return () => clearTimeout(timer);
  }, [marked, hidden, key]);
  if (!seat || state.game.gameEndTimestamp !== null) return null;
  if (seat.left) {
    return compact ? (
      <Alert color="gray" role="status" data-takeover="left" p={8}>
        <Text size="xs">
          <b>You left this game.</b> A bot plays your seat to the end, and the game counts as a loss.
        </Text>
      </Alert>
    ) : (
      <Alert color="gray" title="You left this game" role="status" data-takeover="left">
        A bot plays your seat to the end, and the game counts as a loss.
      </Alert>
    );
  }
  if (seat.standIn === null) {
    const at = standInTurn(state.events, seat.userID, age, turn, undefined, 2);
    if (at === null || seen === key || seen === at || closed === key) return null;
    return (
      <Alert color="orange" role="status" data-takeover="missed" p={compact ? 8 : undefined} withCloseButton closeButtonLabel="Close" onClose={() => setClosed(key)}>
        <Text size={compact ? 'xs' : 'sm'}>While you were away, a bot chose for you: the log says what.</Text>
      </Alert>
    );
  }
  // "I'll choose" says the player read the mark, however soon. It says what it does in the notice's
  // own words: the bot chose (or makes the choices) for them, and from now they choose ("I'm back"
  // said so to one who had never been away, whose time had only run out while reading).
  const backed = (event: MouseEvent<HTMLButtonElement>) => {
    setSeen(key);
    onBack();
    // The notice goes once the server has cleared the mark, and this button with it: a keyboard's
    // focus on it fell to the page's body. It goes to the action panel, where the choice is theirs.
    if (document.activeElement === event.currentTarget) document.querySelector<HTMLElement>('[data-action-panel]')?.focus({ preventScroll: true });
  };
  const title = seat.standIn === 'turn timer' ? 'Time ran out: a bot chose for you' : 'You were away: a bot chose for you';
  if (compact) {
    return (
      <Alert color="orange" role="alert" data-takeover={seat.standIn} p={8}>
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Text size="xs" fw={700}>
            {title}
          </Text>
          <Button size="compact-xs" color="orange" onClick={backed} className={classes.compact}>
            I'll choose
          </Button>
        </Group>
      </Alert>
    );
  }
  return (
    <Alert color="orange" title={title} role="alert" data-takeover={seat.standIn}>
      <Stack gap={6}>
        <Text size="sm">
          {seat.presence === 'here'
            ? 'Your next choice is yours again, with the full time.'
            : 'While you are away, a bot makes your choices after a short wait. A game the bot plays most of counts as a loss.'}
        </Text>
        <Group>
          <Button size="xs" color="orange" onClick={backed}>
            I'll choose
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** "Leave game", asked twice: a bot plays the seat to the end and the game counts as a loss. */
export function LeaveGame({ state, compact = false }: { state: GameScreenState; compact?: boolean }) {
  const seat = state.me === null ? null : state.seatsByUserID[state.me];
  if (!seat || seat.left || state.game.gameEndTimestamp !== null) return null;
  return <LeaveButton gameID={state.game.id} compact={compact} />;
}

/** Memoised on the game: the game screen draws again for every view, a click's optimistic one too, and none changes the button. */
const LeaveButton = memo(function LeaveButton({ gameID, compact }: { gameID: string; compact: boolean }) {
  const [asking, setAsking] = useState(false);
  const leave = trpc.games.leave.useMutation({ onSuccess: () => setAsking(false) });
  return (
    <>
      <Button size={compact ? 'compact-xs' : 'xs'} variant="subtle" color="gray" onClick={() => setAsking(true)} data-leave-game="true" className={classes.compact}>
        Leave game
      </Button>
      <Modal opened={asking} onClose={() => setAsking(false)} title="Leave this game?" centered>
        <Stack>
          <Text size="sm">A bot will play your seat to the end, and the game counts as a loss. You cannot come back to it.</Text>
          {leave.error ? (
            <Text size="sm" c="red.4" role="alert">
              {leave.error.message}
            </Text>
          ) : null}
          <Group justify="flex-end">
            {/* Leaving cannot be undone: Enter keeps the seat. */}
            <Button variant="default" onClick={() => setAsking(false)} data-autofocus>
              Stay
            </Button>
            {/* red.9, as the guest log-out's: the theme's red (shade 5) under light text fell short of 4.5:1. */}
            <Button color="red.9" loading={leave.isPending} onClick={() => leave.mutate({ gameID })}>
              Leave game
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
});

const TITLE = 'Mythos';
const YOUR_MOVE_TITLE = '(1) Your move — Mythos';

/**
 * While the tab is hidden and the viewer has a move to make: the title says so, and a browser
 * notification (if the player allowed them) says it once per decision.
 */
export function useTurnAlert(state: GameScreenState, decision: Decision | null): void {
  const due = moveIsDue(state, decision);
  const hidden = useHidden();
  const notified = useRef<number | null>(null);
  useEffect(() => {
    document.title = hidden && due ? YOUR_MOVE_TITLE : TITLE;
  }, [hidden, due]);
  useEffect(() => () => void (document.title = TITLE), []);
  const sequenceID = state.game.sequenceID;
  useEffect(() => {
    if (!hidden || !due || notified.current !== null || typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    notified.current = sequenceID;
    new Notification('Your move — Mythos', { body: 'Your turn has come in your game of Mythos.', tag: state.game.id });
  }, [hidden, due, sequenceID, state.game.id]);
  // The next decision may notify again.
  useEffect(() => {
    if (!due) notified.current = null;
  }, [due]);
}

/**
 * Offers browser notifications for one's move, while the browser has not been asked yet. A prompt
 * closed without an answer leaves the permission as it was: the button then says so beside it, or
 * the press seemed to do nothing. Memoised: no view of the game changes it.
 */
export const NotifyMe = memo(function NotifyMe({ compact = false }: { compact?: boolean }) {
  const [permission, setPermission] = useState(() => (typeof Notification === 'undefined' ? 'denied' : Notification.permission));
  const [unanswered, setUnanswered] = useState(false);
  if (permission !== 'default') return null;
  return (
    <>
      <Button
        size={compact ? 'compact-xs' : 'xs'}
        variant="subtle"
        color="gray"
        className={classes.compact}
        onClick={() => {
          void Notification.requestPermission().then((answer) => {
            setPermission(answer);
            setUnanswered(answer === 'default');
          });
        }}
      >
        Notify me of my move
      </Button>
      {unanswered && (
        <Text span size="xs" c="night.1" role="status">
          No answer given: press again to be asked.
        </Text>
      )}
    </>
  );
});
