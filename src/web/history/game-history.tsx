/**
 * The game history: newest first, each game's start, its
 * players by name, its duration and a 'View Game' button. 'Show bots' includes games with bots;
 * 'My games' (signed-in users only) keeps the viewer's own. A table on desktops, cards on phones.
 */
import { useMemo, useState } from 'react';
import { Alert, Button, Card, Checkbox, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link } from '../components/link.js';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../server/trpc/router.js';
import { trpc } from '../lib/trpc.js';
import { useSession } from '../lib/session.js';
import { formatStart, gameDuration } from './format.js';
import { PlayerList } from './players.js';
import { useUsers, type PublicUser } from './use-users.js';
import classes from './game-history.module.css';
import { PagePicker } from '../components/page-picker.js';

type HistoryItem = inferRouterOutputs<AppRouter>['games']['history'][number];

const PAGE_SIZE = 20;

export interface GameHistoryProps {
  /** Start with 'Show bots' ticked. */
  showBotsInitially?: boolean;
  /** Start with 'My games' ticked (signed-in users only). */
  myGamesInitially?: boolean;
}

export function GameHistory({ showBotsInitially = false, myGamesInitially = false }: GameHistoryProps) {
  const { user } = useSession();
  const [showBots, setShowBots] = useState(showBotsInitially);
  const [myGames, setMyGames] = useState(myGamesInitially);
  const [page, setPage] = useState(1);
  const history = trpc.games.history.useQuery({ includeBots: showBots, userID: myGames && user ? user.id : null });
  const games = useMemo(() => history.data ?? [], [history.data]);
  const playerIDs = useMemo(() => games.flatMap((g) => g.players.map((p) => p.userID)), [games]);
  const { usersByID, isLoading: usersLoading } = useUsers(playerIDs, history.isSuccess);

  const pages = Math.max(1, Math.ceil(games.length / PAGE_SIZE));
  const shown = games.slice((Math.min(page, pages) - 1) * PAGE_SIZE, Math.min(page, pages) * PAGE_SIZE);
  const filter = (set: (value: boolean) => void) => (event: React.ChangeEvent<HTMLInputElement>) => {
    set(event.currentTarget.checked);
    setPage(1);
  };

  let body: React.ReactNode;
  if (history.isError) {
    body = (
      <Alert color="red" variant="light" role="alert" title="Game history">
        <Group justify="space-between" gap="xs">
          <span>error fetching game history list</span>
          <Button size="compact-sm" variant="outline" color="red.3" onClick={() => void history.refetch()} loading={history.isFetching}>
            Try again
          </Button>
        </Group>
      </Alert>
    );
  } else if (history.isLoading || usersLoading) {
    body = <Text role="status">Loading...</Text>;
  } else if (games.length === 0) {
    body = <Text c="dimmed">No games to show{showBots ? '' : ' (tick Show bots to include games with bots)'}.</Text>;
  } else {
    body = (
      <>
        <Text size="sm" c="dimmed" aria-live="polite">
          {games.length === 1 ? '1 game' : `${games.length} games`}, newest first
        </Text>
        <HistoryTable games={shown} usersByID={usersByID} />
        <HistoryCards games={shown} usersByID={usersByID} />
        <PagePicker pages={pages} page={page} onChange={setPage} label="Game history pages" />
      </>
    );
  }

  return (
    <Stack gap="sm">
      <Group gap="lg">
        <Checkbox size="md" label="Show bots" checked={showBots} onChange={filter(setShowBots)} />
        {user && <Checkbox size="md" label="My games" checked={myGames} onChange={filter(setMyGames)} />}
      </Group>
      {body}
    </Stack>
  );
}

interface ListProps {
  games: HistoryItem[];
  usersByID: Map<string, PublicUser>;
}

function Duration({ game }: { game: HistoryItem }) {
  const duration = gameDuration(game.gameStartTimestamp, game.gameEndTimestamp);
  return duration ? <>{duration}</> : <Text span c="gold.4" size="sm">In progress</Text>;
}

function ViewGame({ id, compact }: { id: string; compact?: boolean }) {
  return (
    <Button component={Link} to={`/game/${encodeURIComponent(id)}`} size={compact ? 'xs' : 'compact-sm'} variant="outline" color="gold.4" className={classes.open}>
      View Game
    </Button>
  );
}

function HistoryTable({ games, usersByID }: ListProps) {
  return (
    <Table visibleFrom="sm" striped highlightOnHover verticalSpacing="sm" aria-label="Game history">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Started</Table.Th>
          <Table.Th scope="col">Players</Table.Th>
          <Table.Th scope="col">Duration</Table.Th>
          <Table.Th scope="col">
            <VisuallyHidden>Game</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {games.map((game) => (
          <Table.Tr key={game.id} data-game-id={game.id}>
            <Table.Td className={classes.start}>{formatStart(game.gameStartTimestamp)}</Table.Td>
            <Table.Td>
              <PlayerList ids={game.players.map((p) => p.userID)} usersByID={usersByID} />
            </Table.Td>
            <Table.Td className={classes.numbers}>
              <Duration game={game} />
            </Table.Td>
            <Table.Td ta="right">
              <ViewGame id={game.id} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function HistoryCards({ games, usersByID }: ListProps) {
  return (
    <Stack hiddenFrom="sm" gap="xs" component="ul" m={0} p={0} className={classes.plainList} aria-label="Game history">
      {games.map((game) => (
        <Card component="li" key={game.id} data-game-id={game.id} withBorder padding="sm" radius="md" bg="night.8">
          <Group justify="space-between" align="baseline" wrap="nowrap" gap="xs">
            <Text size="sm" fw={600}>
              {formatStart(game.gameStartTimestamp)}
            </Text>
            <Text size="sm" c="dimmed" className={classes.numbers}>
              <Duration game={game} />
            </Text>
          </Group>
          <Group justify="space-between" align="flex-end" wrap="nowrap" gap="xs" mt={4}>
            <PlayerList ids={game.players.map((p) => p.userID)} usersByID={usersByID} />
            <ViewGame id={game.id} compact />
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
