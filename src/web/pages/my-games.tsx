/**
 * `/my-games` ("Your games"): the lobbies the signed-in player sits in, waiting to start
 * (lobby/waiting-lobbies.tsx, on the first page), then their own games, finished and running,
 * newest first, a page at a time (`?page=N`): the result, the rating change, the players with their
 * favor and the winners marked, and a link to resume a running game or replay a finished one. The developers' game
 * history (/dev/game-history-list) is a different list and stays as it is.
 */
import { useMemo } from 'react';
import { Alert, Badge, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import type { inferRouterOutputs } from '@trpc/server';
import { useSearchParams } from 'react-router-dom';
import { Link } from '../components/link.js';
import type { AppRouter } from '../../server/trpc/router.js';
import { formatStart, gameDuration } from '../history/format.js';
import { GameCard, GameCardList, GameDuration, SeatChips } from '../history/game-card.js';
import { resultOf } from '../history/game-result.js';
import { ResultBadge } from '../history/result-badge.js';
import { useSession } from '../lib/session.js';
import { trpc } from '../lib/trpc.js';
import { outscoringForfeits } from '../ratings/outscoring-forfeits.js';
import { changeColor, shownRating, signedChange } from '../ratings/ratings.js';
import classes from './my-games.module.css';
import { PagePicker } from '../components/page-picker.js';
import { UserNames, UserText } from '../components/user-text.js';
import { WaitingLobbies } from '../lobby/waiting-lobbies.js';

type MyGames = inferRouterOutputs<AppRouter>['users']['myGames'];
type MyGame = MyGames['games'][number];
type PublicUser = MyGames['users'][number];

export const PAGE_SIZE = 10;

function Result({ game, userID }: { game: MyGame; userID: string }) {
  if (game.endTimestamp === null && game.left) {
    return (
      <Badge variant="outline" color="night.1" data-result="left" title="You left this game: a bot plays your seat to the end, and it counts as a loss.">
        Left
      </Badge>
    );
  }
  if (game.endTimestamp === null) {
    return (
      <Badge variant="light" color="teal" data-result="running">
        Playing
      </Badge>
    );
  }
  // Won, lost or the place ("2nd of 3"), as the profile's recent games say it.
  const result = resultOf(
    game.players.map((p) => ({ userID: p.userID, favor: p.favor ?? 0, won: p.won === true, forfeit: p.forfeit })),
    userID,
  );
  return result && <ResultBadge result={result} />;
}

/** Why a finished game counted as a loss for the player: beside its "Lost", where their place would otherwise be. */
function Forfeited({ game, userID }: { game: MyGame; userID: string }) {
  const forfeit = game.players.find((p) => p.userID === userID)?.forfeit ?? null;
  if (forfeit === null) return null;
  return (
    <Text span size="sm" fw={600} data-testid="my-game-forfeit">
      {forfeit === 'left' ? 'You left the game' : 'A bot made most of your choices'}
    </Text>
  );
}

function RatingChange({ game }: { game: MyGame }) {
  const change = game.ratingChange;
  if (!change) return null;
  const delta = change.after - change.before;
  return (
    <Text span size="sm" data-testid="my-game-rating" title={`Rating ${change.before} before, ${change.after} after`}>
      <Text span fw={700} c={changeColor(delta)}>
        {signedChange(delta)}
      </Text>{' '}
      <Text span c="night.1" className={classes.numbers}>
        → {shownRating({ rating: change.after, provisional: change.provisional })}
      </Text>
    </Text>
  );
}

/**
 * The seats whose players forfeited and that scored more than the viewer's, each a loss to them
 * for the ratings (ratings/outscoring-forfeits.ts), said in short as the game's end says it at
 * length: a row reading "Won" beside "−27" had nothing to say why.
 */
function OutscoredBy({ game, userID, usersByID }: { game: MyGame; userID: string; usersByID: Map<string, PublicUser> }) {
  const { seats, yours } = outscoringForfeits(game.players, userID);
  const [only] = seats;
  if (!game.ratingChange || !only) return null;
  const nameOf = (id: string) => usersByID.get(id)?.name ?? 'a player who left';
  return (
    <Text span size="sm" c="night.1" data-testid="my-game-outscored">
      {seats.length === 1 ? (
        <>
          For ratings, a loss against <UserText>{nameOf(only.userID)}</UserText>&apos;s seat ({only.favor} to your {yours})
        </>
      ) : (
        <>
          For ratings, a loss against the seats of <UserNames names={seats.map((p) => nameOf(p.userID))} />
        </>
      )}
    </Text>
  );
}

function GameRow({ game, userID, usersByID }: { game: MyGame; userID: string; usersByID: Map<string, PublicUser> }) {
  const running = game.endTimestamp === null;
  const seats = game.players.map((p) => ({ userID: p.userID, favor: p.favor, won: p.won === true }));
  const action =
    running && game.left ? (
      // Left for good: the game goes on without them, to be watched, not resumed.
      <Button component={Link} to={`/game/${encodeURIComponent(game.id)}`} variant="outline" color="gold.4" size="compact-sm">
        Watch
      </Button>
    ) : running ? (
      <Button component={Link} to={`/game/${encodeURIComponent(game.id)}`} color="gold" size="compact-sm">
        Resume Game
      </Button>
    ) : (
      <Button component={Link} to={`/game/${encodeURIComponent(game.id)}/replay`} variant="outline" color="gold.4" size="compact-sm">
        Replay
      </Button>
    );
  return (
    <GameCard gameID={game.id} action={action}>
      <Group gap="sm" wrap="wrap">
        <Result game={game} userID={userID} />
        <Forfeited game={game} userID={userID} />
        <RatingChange game={game} />
        <OutscoredBy game={game} userID={userID} usersByID={usersByID} />
      </Group>
      <Group gap="sm" wrap="wrap">
        <Text size="sm" c="night.1">
          {formatStart(game.startTimestamp)}
        </Text>
        <GameDuration duration={gameDuration(game.startTimestamp, game.endTimestamp)} />
      </Group>
      <SeatChips seats={seats} usersByID={usersByID} viewerID={userID} />
    </GameCard>
  );
}

function MyGamesList() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page') ?? '1')) || 1);
  const query = trpc.users.myGames.useQuery({ offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE }, { placeholderData: (previous) => previous });
  const usersByID = useMemo(() => new Map((query.data?.users ?? []).map((u) => [u.id, u])), [query.data]);
  if (query.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title="Your games">
        {query.error.message}
      </Alert>
    );
  }
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  const setPage = (next: number) => {
    setParams(next === 1 ? {} : { page: String(next) });
    window.scrollTo({ top: 0 });
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Title order={1} size="h2">
            Your games
          </Title>
          <Text c="dimmed" size="sm">
            Every game you sat in, newest first: resume the ones still running, replay the finished ones.
          </Text>
        </div>
        <Button component={Link} to="/replay" variant="outline" color="gold.4" size="compact-sm">
          Open a replay file
        </Button>
      </Group>
      {user && page === 1 && (
        <>
          <WaitingLobbies userID={user.id} />
          {/* The games' own heading, once a section stands above them. */}
          <Title order={2} size="h4">
            Games
          </Title>
        </>
      )}
      {!data || !user ? (
        <Text role="status">Loading...</Text>
      ) : data.total === 0 ? (
        <Text c="dimmed">
          No games yet. <Link to="/lobby-list">Find a lobby</Link> to play your first.
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" data-testid="my-games-count">
            {data.total === 1 ? '1 game' : `${data.total} games`}
            {pages > 1 ? `, page ${Math.min(page, pages)} of ${pages}` : ''}
          </Text>
          <GameCardList label="Your games">
            {data.games.map((game) => (
              <GameRow key={game.id} game={game} userID={user.id} usersByID={usersByID} />
            ))}
          </GameCardList>
          <PagePicker pages={pages} page={page} onChange={setPage} label="Pages of your games" />
        </>
      )}
    </Stack>
  );
}

export function Page() {
  return (
    <Container size="md" py="md">
      <MyGamesList />
    </Container>
  );
}
