/** The profile's recent games (the first 5): when, who scored what, the result, and 'View Game'. */
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '../components/link.js';
import { formatStart, gameDuration } from '../history/format.js';
import { PlayerName } from '../history/players.js';
import { ResultBadge } from '../history/result-badge.js';
import type { PublicUser } from '../history/use-users.js';
import type { RecentGame } from './recent.js';
import classes from './recent-games.module.css';

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

function Seats({ game, usersByID }: { game: RecentGame; usersByID: Map<string, PublicUser> }) {
  return (
    <Group component="ul" gap="xs" m={0} p={0} className={classes.plainList} aria-label="Players">
      {game.seats.map((seat, index) => (
        <Group component="li" key={`${index}-${seat.userID}`} gap={6} wrap="nowrap" px={8} py={2} className={classes.player}>
          <PlayerName id={seat.userID} user={usersByID.get(seat.userID)} />
          {seat.stats && (
            <Text span size="sm" c="night.1" className={classes.numbers}>
              {seat.stats.score} favor
            </Text>
          )}
          {seat.stats?.won && (
            <Text span size="xs" fw={700} c="gold.4">
              ★ winner
            </Text>
          )}
        </Group>
      ))}
    </Group>
  );
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
        <Stack component="ol" gap="xs" m={0} p={0} className={classes.plainList}>
          {games.slice(0, 5).map((game) => {
            const duration = gameDuration(game.start, game.end);
            return (
              <Paper component="li" key={game.id} data-game-id={game.id} withBorder radius="md" p="sm" bg="var(--mythos-night-veil)">
                <Group justify="space-between" gap="sm" wrap="wrap">
                  <Stack gap={6} className={classes.details}>
                    <Group gap="sm">
                      <Result game={game} />
                      <Text size="sm" fw={600}>
                        {formatStart(game.start)}
                      </Text>
                      {duration && (
                        <Text size="sm" c="night.1" className={classes.numbers}>
                          {duration}
                        </Text>
                      )}
                    </Group>
                    <Seats game={game} usersByID={usersByID} />
                  </Stack>
                  <Button component={Link} to={`/game/${encodeURIComponent(game.id)}`} variant="outline" color="gold.4" size="compact-sm">
                    View Game
                  </Button>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
    </section>
  );
}
