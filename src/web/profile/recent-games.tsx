/** The profile's recent games (the first 5): when, who scored what, the result, and 'View Game'. */
import { Badge, Button, Group, Text, Title } from '@mantine/core';
import { Link } from '../components/link.js';
import { formatStart, gameDuration } from '../history/format.js';
import { GameCard, GameCardList, GameDuration, SeatChips } from '../history/game-card.js';
import { ResultBadge } from '../history/result-badge.js';
import type { PublicUser } from '../history/use-users.js';
import type { RecentGame } from './recent.js';

function Result({ game }: { game: RecentGame }) {
  if (!game.result) {
    return (
      <Badge variant="outline" color="night.2">
        {game.end === null ? 'In progress' : 'No result'}
      </Badge>
    );
  }
  return <ResultBadge result={game.result} />;
}

export function RecentGames({ games, usersByID }: { games: RecentGame[]; usersByID: Map<string, PublicUser> }) {
  return (
    <section aria-labelledby="recent-games-title">
      <Title order={2} size="h4" mb="xs" id="recent-games-title">
        Recent games
      </Title>
      {games.length === 0 ? (
        <Text c="dimmed">No games played yet.</Text>
      ) : (
        <GameCardList>
          {games.slice(0, 5).map((game) => (
            <GameCard
              key={game.id}
              gameID={game.id}
              action={
                <Button component={Link} to={`/game/${encodeURIComponent(game.id)}`} variant="outline" color="gold.4" size="compact-sm">
                  View Game
                </Button>
              }
            >
              <Group gap="sm">
                <Result game={game} />
                <Text size="sm" fw={600}>
                  {formatStart(game.start)}
                </Text>
                <GameDuration duration={gameDuration(game.start, game.end)} />
              </Group>
              <SeatChips seats={game.seats.map((seat) => ({ userID: seat.userID, favor: seat.stats?.score ?? null, won: seat.stats?.won === true }))} usersByID={usersByID} />
            </GameCard>
          ))}
        </GameCardList>
      )}
    </section>
  );
}
