/**
 * "Your games"' tables waiting to start: the lobbies the player sits in whose game has not begun
 * (tRPC lobbies.waiting), each with its seats taken, who sits there, whether the player hosts it,
 * and the way back to it. A player who left the lobby list found their finished and running games
 * here, but not the table they had sat down at and were waiting by.
 */
import { Fragment } from 'react';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '../components/link.js';
import { MAX_PLAYERS } from '../../engine/state.js';
import type { Lobby } from '../lib/api-types.js';
import { trpc } from '../lib/trpc.js';
import classes from './waiting-lobbies.module.css';
import { UserText } from '../components/user-text.js';

function WaitingLobby({ lobby, userID }: { lobby: Lobby; userID: string }) {
  const hosting = lobby.host.id === userID;
  return (
    <Paper component="li" data-lobby-id={lobby.id} withBorder radius="md" p="sm" bg="var(--mythos-night-veil)">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Stack gap={4} className={classes.details}>
          <Group gap="sm" wrap="wrap">
            <Text fw={600}>
              <UserText>{lobby.name}</UserText>
            </Text>
            {hosting ? (
              <Badge variant="filled" color="gold.6" c="night.9" data-role="host">
                You host it
              </Badge>
            ) : (
              <Badge variant="outline" color="night.1" data-role="player">
                Hosted by <UserText>{lobby.host.name}</UserText>
              </Badge>
            )}
          </Group>
          <Text size="sm" c="night.1" data-testid="waiting-seats">
            {lobby.players.length} of {MAX_PLAYERS} seats taken:{' '}
            {/* A name is not broken across lines ("Advanced Bot" and "1" below it). */}
            {lobby.players.map((p, seat) => (
              <Fragment key={p.id}>
                {seat > 0 && ', '}
                <span className={classes.name}>
                  <UserText>{p.name}</UserText>
                </span>
              </Fragment>
            ))}
          </Text>
        </Stack>
        <Button component={Link} to={`/lobby/${encodeURIComponent(lobby.id)}`} color="gold" size="compact-sm">
          Return to Lobby
          <span className="mythos-visually-hidden"> {lobby.name}</span>
        </Button>
      </Group>
    </Paper>
  );
}

export function WaitingLobbies({ userID }: { userID: string }) {
  const waiting = trpc.lobbies.waiting.useQuery();
  return (
    <Stack component="section" gap="xs" aria-labelledby="waiting-lobbies">
      <Title order={2} size="h4" id="waiting-lobbies">
        Waiting to start
      </Title>
      {waiting.isError ? (
        <Text role="alert" c="red.4">
          Your lobbies could not be loaded: {waiting.error.message}
        </Text>
      ) : !waiting.data ? (
        <Text role="status">Loading...</Text>
      ) : waiting.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          You sit at no table waiting to start. <Link to="/lobby-list">Join or create a lobby</Link> to begin one.
        </Text>
      ) : (
        <Stack component="ul" gap="xs" m={0} p={0} className={classes.plainList} aria-label="Lobbies waiting to start">
          {waiting.data.map((lobby) => (
            <WaitingLobby key={lobby.id} lobby={lobby} userID={userID} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
