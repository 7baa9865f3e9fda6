/**
 * The lobby list: every lobby, live through the lobbies.onList subscription, with the one button
 * that fits each row (join, which takes the seat, resume, spectate or view results), the count of
 * unread chat messages on one's own open lobbies (lobby/lobby-unread.tsx), Create Lobby,
 * of which only one request may be in flight at a time, and Play now (play-now.tsx).
 */
import { Fragment, memo, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Badge, Box, Button, Container, Group, Paper, Table, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { Link } from '../components/link.js';
import type { Lobby } from '../lib/api-types.js';
import { ReconnectingNotice } from '../components/reconnecting-notice.js';
import { useLive } from '../lib/connection.js';
import { applyLobbyListMessage } from '../../shared/lobby-list.js';
import { listOrder } from '../lobby/list-order.js';
import { decisionTime, TURN_PACE_LABELS } from '../lobby/pace-words.js';
import { seatNote } from '../lobby/seat-note.js';
import { seatValueAfter } from '../lobby/seat-value.js';
import { seatedParts } from '../lobby/seated-names.js';
import { LobbyChatListener, UnreadMark, useLobbyUnread } from '../lobby/lobby-unread.js';
import { useSession } from '../lib/session.js';
import { timeAgo, timeAgoShort } from '../lib/time.js';
import { trpc } from '../lib/trpc.js';
import { RatingTag, shownRating, useShownRatings, type ShownRating } from '../ratings/ratings.js';
import { PlayNow } from './play-now.js';
import { QUICK_BOTS, quickBotOption, type QuickBot } from '../lobby/quick-bots.js';
import { keepQuickBot, quickBotKept } from '../lobby/quick-bot-choice.js';
import classes from './lobby-list.module.css';
import { UserText } from '../components/user-text.js';

const MAX_PLAYERS = 8;

const STATUS = {
  open: { label: 'Open', color: 'teal' },
  playing: { label: 'Playing', color: 'gold' },
  finished: { label: 'Finished', color: 'gray' },
} as const;

/**
 * The row's one action: long label on desktop, short on phones (Join, Resume, Watch, Results). Join
 * takes the seat and then opens the lobby (`joins`); an open lobby one already sits in is not
 * joined again: it is gone back to.
 */
function playAction(lobby: Lobby, userID: string): { to: string; label: string; short: string; joins?: true; onlyLooks?: true } {
  if (lobby.status === 'open' || !lobby.game) {
    const to = `/lobby/${lobby.id}`;
    if (lobby.players.some((p) => p.id === userID)) return { to, label: 'Return to Lobby', short: 'Return' };
    // A full table has no seat to take: Join was refused with "The lobby is full.". Its page can
    // still be watched, and says when a seat comes free.
    if (lobby.players.length >= MAX_PLAYERS) return { to, label: 'View Lobby', short: 'View', onlyLooks: true };
    return { to, label: 'Join Lobby', short: 'Join', joins: true };
  }
  const to = `/game/${lobby.game.id}`;
  if (lobby.status === 'finished') return { to, label: 'View Results', short: 'Results' };
  // Seated, unless they left it: a bot plays their seat to the end, to be watched, not resumed.
  if (lobby.players.some((p) => p.id === userID && !p.left)) return { to, label: 'Resume Game', short: 'Resume' };
  return { to, label: 'Spectate', short: 'Watch' };
}

function LobbyRow({ lobby, userID, ratings, unread, onJoin, joining }: { lobby: Lobby; userID: string; ratings: Record<string, ShownRating>; unread: number; onJoin: () => void; joining: boolean }) {
  const action = playAction(lobby, userID);
  const label = (
    <>
      <span className="mythos-long">{action.label}</span>
      <span className="mythos-short">{action.short}</span>
      <span className="mythos-visually-hidden"> {lobby.name}</span>
    </>
  );
  const status = STATUS[lobby.status];
  const me = lobby.players.find((p) => p.id === userID);
  // Who sits at the table: lobbies are named after their host, so two of one host's games (and
  // every Play a Bot game) read the same but for this line. Left out while the host sits alone,
  // whom the row already names.
  const alone = lobby.players.length === 1 && lobby.players[0]!.id === lobby.host.id;
  return (
    <Table.Tr data-lobby-id={lobby.id}>
      <Table.Td className={classes.name}>
        <Text fw={600} size="sm" lineClamp={2}>
          <UserText>{lobby.name}</UserText>
        </Text>
        {unread > 0 && <UnreadMark count={unread} />}
        {!alone && (
          // Every name whole, on as many lines as it takes: cut at two lines, a phone's list
          // ended a table of bots in 'Advanced Bo…', and a touch screen has no pointer to say the rest.
          <Text size="xs" c="dimmed">
            {seatedParts(lobby.players).map((p, i) => (
              <Fragment key={i}>
                {i > 0 && ', '}
                <UserText>{p.name}</UserText>
                {p.note}
              </Fragment>
            ))}
          </Text>
        )}
        {/* A phone has no room for the Host column: the host is named here instead. */}
        <Text size="xs" className={classes.hostInline}>
          <span>
            by <UserText>{lobby.host.name}</UserText>
          </span> <RatingTag rating={ratings[lobby.host.id]} c="dimmed" />
        </Text>
        {me && (
          <Text size="xs" c="dimmed">
            {seatNote(lobby.status, me)}
          </Text>
        )}
        {/* How long each decision may take there, for whoever is choosing a table: only while
            people can still sit down. "Automatic" is on: whoever joins the host makes two people. */}
        {lobby.status === 'open' && (
          <Text size="xs" c="dimmed" data-lobby-clock>
            {lobby.turnTimer === 'off' ? (
              'No turn timer'
            ) : (
              <>
                {/* A phone's narrow column keeps the time alone. */}
                <span className="mythos-long">{TURN_PACE_LABELS[lobby.turnPace]} pace · </span>
                {decisionTime(lobby.turnTimerSeconds)} a decision
              </>
            )}
          </Text>
        )}
      </Table.Td>
      <Table.Td className={classes.hostCell}>
        <Text size="sm" lineClamp={2} className={classes.host}>
          <span>
            <UserText>{lobby.host.name}</UserText>
          </span> <RatingTag rating={ratings[lobby.host.id]} c="dimmed" />
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" title={lobby.players.map((p) => (ratings[p.id] ? `${p.name} (${shownRating(ratings[p.id]!)})` : p.name)).join(', ')}>
          {/* Seats taken of the eight while it is open; once started, the table is what it is. */}
          {lobby.status === 'open' ? `${lobby.players.length}/${MAX_PLAYERS}` : lobby.players.length}
        </Text>
      </Table.Td>
      <Table.Td className={classes.createdCell}>
        <Text size="sm">
          <time dateTime={new Date(lobby.creationDate).toISOString()}>
            <span className="mythos-long">{timeAgo(lobby.creationDate)}</span>
            <span className="mythos-short">{timeAgoShort(lobby.creationDate)}</span>
          </time>
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge color={status.color} variant="outline" size="sm" className={classes.status} data-lobby-status={lobby.status}>
          {status.label}
        </Badge>
      </Table.Td>
      <Table.Td>
        {action.joins ? (
          <Button size="compact-sm" onClick={onJoin} loading={joining}>
            {label}
          </Button>
        ) : (
          <Button component={Link} to={action.to} size="compact-sm" variant={lobby.status === 'open' && !action.onlyLooks ? 'filled' : 'default'}>
            {label}
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

function LobbyList() {
  const { user } = useSession();
  const navigate = useNavigate();
  // The whole list comes first, then what changed (src/shared/lobby-list.ts); a new subscription
  // after a drop starts again from a whole list.
  const [list, setList] = useState<Lobby[] | null>(null);
  const lobbies = trpc.lobbies.onList.useSubscription(undefined, {
    onData: (message) => setList((before) => applyLobbyListMessage(before, message)),
  });
  // As the game and the lobby say it: the list stands still while its connection is down, and a
  // list the server refuses (too many watchers from the address, signed out meanwhile) is asked
  // for again, the server's words shown meanwhile, rather than left to stand still for good.
  const { connected, refusal, heard } = useLive(lobbies);
  useEffect(() => {
    if (list) heard();
  }, [list, heard]);
  const create = trpc.lobbies.create.useMutation();
  const addBot = trpc.lobbies.addBot.useMutation();
  const start = trpc.lobbies.start.useMutation();
  const contribute = trpc.lobbies.contribute.useMutation();
  const creating = useRef(false);
  const [pending, setPending] = useState<'lobby' | 'bot' | null>(null);
  const [quickBot, setQuickBot] = useState<QuickBot>(quickBotKept);
  const quickBotLabel = QUICK_BOTS.find((b) => b.type === quickBot)!.label;
  const [createFailed, setCreateFailed] = useState<string | null>(null);
  const join = trpc.lobbies.join.useMutation();
  const [joinFailed, setJoinFailed] = useState<string | null>(null);

  /** Join Lobby: the seat is taken here, then the lobby opens with it (a refusal, say a lobby filled meanwhile, is told here). */
  const joinPending = join.isPending;
  const joinAsync = join.mutateAsync;
  const joinLobby = useCallback(
    async (lobby: Lobby) => {
      if (joinPending) return;
      setJoinFailed(null);
      const lobbyID = lobby.id;
      try {
        // The seat's value for the dice goes with it.
        await joinAsync({ lobbyID, value: seatValueAfter(lobbyID, lobby.serverSecretCommitment) });
        navigate(`/lobby/${lobbyID}`);
      } catch (error) {
        setJoinFailed(error instanceof Error ? error.message : String(error));
      }
    },
    [joinPending, joinAsync, navigate],
  );

  /**
   * Create Lobby opens a new lobby; Play a Bot also gives the player's value for the dice, seats
   * the bot chosen beside them and starts the game at once.
   * If a step after the lobby's creation is refused, the refusal is shown here and the lobby,
   * which exists, is in the list to go on from by hand.
   */
  async function createLobby(quick: boolean) {
    // One create at a time, even if the button is pressed twice before React re-renders.
    if (creating.current) return;
    creating.current = true;
    setPending(quick ? 'bot' : 'lobby');
    setCreateFailed(null);
    try {
      const { id: lobbyID, serverSecretCommitment } = await create.mutateAsync();
      if (!quick) return navigate(`/lobby/${lobbyID}`);
      // The player's value for the dice, as the lobby's page would give it: without one, the
      // server's secret alone made the dice of a bot game.
      await contribute.mutateAsync({ lobbyID, value: seatValueAfter(lobbyID, serverSecretCommitment) });
      await addBot.mutateAsync({ lobbyID, botType: quickBot });
      const { gameID } = await start.mutateAsync({ lobbyID });
      navigate(`/game/${gameID}`);
    } catch (error) {
      setCreateFailed(error instanceof Error ? error.message : String(error));
    } finally {
      creating.current = false;
      setPending(null);
    }
  }

  const rows = useMemo(() => (list ? listOrder(list) : null), [list]);
  const ratings = useShownRatings(useMemo(() => (rows ?? []).flatMap((l) => [l.host.id, ...l.players.map((p) => p.id)]), [rows]));
  const { unread, listen, recount } = useLobbyUnread(rows, user?.id ?? null);
  // The table is drawn from what React defers: a list, a change of it or the players' ratings
  // arriving is an urgent update, and React drew the whole table for it in one task (100-150 ms
  // of a phone's main thread, several times as the page opens); deferred, it is drawn in slices.
  const shownRows = useDeferredValue(rows);
  const shownRatings = useDeferredValue(ratings);
  const shownUnread = useDeferredValue(unread);
  return (
    <Container size="lg" px={{ base: 'xs', sm: 'md' }}>
      <Paper className="mythos-parchment" p={{ base: 'xs', sm: 'lg' }}>
        <Group justify="space-between" align="center" mb="xs" gap="xs">
          <Title order={1}>Lobbies</Title>
          <Group gap="xs">
            {/* The browser's own select, styled as the buttons beside it: Mantine's NativeSelect
                brought 1.1 KB more of script to the list's first load. */}
            <select
              aria-label="Bot to play"
              className={classes.botPicker}
              value={quickBot}
              onChange={(event) => {
                const type = event.currentTarget.value as QuickBot;
                setQuickBot(type);
                keepQuickBot(type);
              }}
              disabled={pending !== null}
            >
              {QUICK_BOTS.map((b) => (
                <option key={b.type} value={b.type}>
                  {quickBotOption(b)}
                </option>
              ))}
            </select>
            <Button variant="default" onClick={() => void createLobby(true)} loading={pending === 'bot'} disabled={pending !== null} title={`Start a rated game against an ${quickBotLabel} at once`}>
              Play a Bot
            </Button>
            <Button onClick={() => void createLobby(false)} loading={pending === 'lobby'} disabled={pending !== null}>
              Create Lobby
            </Button>
          </Group>
        </Group>
        <hr className="mythos-rule" />
        {user && listen.map((lobbyID) => <LobbyChatListener key={lobbyID} lobbyID={lobbyID} userID={user.id} recount={recount} />)}
        <PlayNow />
        {createFailed !== null && (
          <Alert color="red" variant="light" title="error creating lobby" role="alert" mb="sm" withCloseButton closeButtonLabel="Dismiss" onClose={() => setCreateFailed(null)}>
            {createFailed}
          </Alert>
        )}
        {joinFailed !== null && (
          <Alert color="red" variant="light" title="Error adding calling lobby join" role="alert" mb="sm" withCloseButton closeButtonLabel="Dismiss" onClose={() => setJoinFailed(null)}>
            {joinFailed}
          </Alert>
        )}
        {!connected && (
          <Box mb="sm">
            <ReconnectingNotice refusal={refusal} />
          </Box>
        )}
        <LobbyTable rows={shownRows} userID={user?.id ?? ''} ratings={shownRatings} unread={shownUnread} joiningID={join.isPending ? (join.variables?.lobbyID ?? null) : null} onJoin={joinLobby} />
      </Paper>
    </Container>
  );
}

/** The lobbies' table (or the word that they are loading), redrawn only when what it shows changes. */
const LobbyTable = memo(function LobbyTable({
  rows,
  userID,
  ratings,
  unread,
  joiningID,
  onJoin,
}: {
  rows: readonly Lobby[] | null;
  userID: string;
  ratings: Record<string, ShownRating>;
  unread: Readonly<Record<string, number>>;
  joiningID: string | null;
  onJoin: (lobby: Lobby) => Promise<void>;
}) {
  if (rows === null) return <Text c="dimmed">Loading...</Text>;
  return (
    <div className={classes.tableScroll} data-scroll="lobbies">
      <Table className={classes.table} verticalSpacing="xs" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Lobby</Table.Th>
            <Table.Th className={classes.hostCell}>Host</Table.Th>
            <Table.Th>Players</Table.Th>
            <Table.Th className={classes.createdCell}>Created</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Play</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={6}>
                <Text c="dimmed" ta="center" py="md">
                  No lobbies yet. Create one and invite your rivals, or fill the seats with bots.
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {rows.map((lobby) => (
            <LobbyRow key={lobby.id} lobby={lobby} userID={userID} ratings={ratings} unread={unread[lobby.id] ?? 0} onJoin={() => void onJoin(lobby)} joining={joiningID === lobby.id} />
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
});

export function Page() {
  return <LobbyList />;
}
