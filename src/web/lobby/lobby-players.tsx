/**
 * A lobby's seats: each player's seat colour, name and rating, role, and the host's Kick; and,
 * when a rating beside a name is provisional, what its "?" means (a phone has no pointer to rest
 * on the rating for its title, and a newcomer's own "1500?" said nothing).
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import type { Lobby, PublicUser } from '../lib/api-types.js';
import { textOn } from '../lib/contrast.js';
import { SITE, seatColor } from '../lib/palette.js';
import { RatingTag, useShownRatings } from '../ratings/ratings.js';
import classes from './lobby-players.module.css';
import { LOBBY_OFFLINE_ID } from '../lib/offline-words.js';
import { UserText } from '../components/user-text.js';
import { YouMark } from '../components/you-mark.js';

/** Under the seats when a rating there is provisional, in the leaderboard's words. */
export const PROVISIONAL_NOTE = 'A "?" after a rating: too few games to say much yet.';

/** `offline`: the connection is down, and Kick waits for it (the page's notice says so: `LOBBY_OFFLINE_ID`). */
export function LobbyPlayers({ lobby, user, onKick, busy, offline = false }: { lobby: Lobby; user: PublicUser; onKick: (id: string) => void; busy: boolean; offline?: boolean }) {
  const bots = new Map(lobby.playerIDToBotType);
  const isHost = lobby.host.id === user.id;
  const ratings = useShownRatings(lobby.players.map((p) => p.id));
  const provisional = lobby.players.some((p) => ratings[p.id]?.provisional);
  return (
    <>
      <Stack gap={6} component="ul" className={classes.players} aria-label="Players">
        {lobby.players.map((player, seat) => (
          <Group key={player.id} component="li" justify="space-between" wrap="nowrap" className={classes.player}>
            <Group gap="sm" wrap="nowrap">
              <span className={classes.seat} style={{ background: seatColor(seat), color: textOn(seatColor(seat), SITE.night) }} aria-hidden="true">
                {seat + 1}
              </span>
              <div>
                <Group gap={8} wrap="nowrap" align="baseline">
                  <Text fw={600} className={classes.name}>
                    <UserText>{player.name}</UserText>
                  </Text>
                  <RatingTag rating={ratings[player.id]} size="sm" c="dimmed" />
                </Group>
                <Text size="xs" c="dimmed">
                  {player.id === lobby.host.id ? 'Host' : bots.has(player.id) ? 'Bot' : 'Player'}
                  {player.id === user.id ? <YouMark /> : null}
                </Text>
              </div>
            </Group>
            {isHost && player.id !== user.id && (
              <Button size="compact-sm" color="red" variant="outline" onClick={() => onKick(player.id)} disabled={busy || offline} aria-label={`Kick ${player.name}`} aria-describedby={offline ? LOBBY_OFFLINE_ID : undefined}>
                Kick
              </Button>
            )}
          </Group>
        ))}
      </Stack>
      {provisional ? (
        <Text size="xs" c="dimmed" mt="xs" data-testid="provisional-note">
          {PROVISIONAL_NOTE}
        </Text>
      ) : null}
    </>
  );
}
