/**
 * A lobby's "Fair Dice" panel: the server's commitment to its secret (shown before anyone gave a
 * value), each seat's value for the dice (public once given), and for a seated player a field to
 * type their own value instead of the random one the page sent for them.
 */
import { useState, type FormEvent } from 'react';
import { Button, Code, Group, Stack, Text, TextInput } from '@mantine/core';
import { Link } from '../components/link.js';
import { MAX_SEED_VALUE_LENGTH, newSeedValueProblem } from '../../engine/seed.js';
import type { Lobby, PublicUser } from '../lib/api-types.js';
import classes from './fair-dice-panel.module.css';
import { LobbyPanel } from './lobby-panel.js';

/** Under the field while the value in is the page's random one. */
export const RANDOM_VALUE_WORDS = 'The page gave a random one for you: it is beside your seat above. Type your own if you like.';

export function FairDicePanel({ lobby, user, busy, onGive }: { lobby: Lobby; user: PublicUser; busy: boolean; onGive: (value: string) => Promise<boolean> }) {
  const [typed, setTyped] = useState('');
  const [tried, setTried] = useState(false);
  // Whether the value in is one the player typed, since this page opened (the page's random one until then).
  const [own, setOwn] = useState(false);
  const bots = new Set(lobby.playerIDToBotType.map(([id]) => id));
  const seated = lobby.players.some((p) => p.id === user.id);
  const open = lobby.status === 'open';
  const problem = tried ? newSeedValueProblem(typed) : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (newSeedValueProblem(typed) !== null) return;
    if (await onGive(typed)) {
      setTyped('');
      setTried(false);
      setOwn(true);
    }
  }

  return (
    <LobbyPanel title="Fair Dice">
      <Stack gap="xs">
        <Text size="sm">
          The game&apos;s dice come from the server&apos;s secret mixed with every player&apos;s value below. The server committed to its secret before
          anyone gave a value, so it cannot choose the dice. <Link to="/rules#fair-dice">How to check</Link>
        </Text>
        <Text size="sm" fw={600}>
          The server&apos;s commitment
        </Text>
        <Code block className={classes.commitment} data-testid="server-commitment">
          {lobby.serverSecretCommitment ?? 'none (this lobby is older than fair dice)'}
        </Code>
        <Stack gap={2} component="ul" aria-label="Values for the dice, by seat" className={classes.seeds}>
          {/* By seat number, as in the player list (and as mythos verify prints them), not by name. */}
          {lobby.players.map((player, seat) => (
            <Group key={player.id} component="li" gap="xs" wrap="nowrap" align="baseline">
              <Text size="sm" fw={600} className={classes.seat}>
                Seat {seat + 1}
                {player.id === user.id ? ' (you)' : ''}:
              </Text>
              {bots.has(player.id) ? (
                <Text size="sm">a bot adds nothing</Text>
              ) : player.seedValue === null ? (
                <Text size="sm">no value yet</Text>
              ) : (
                <Code className={classes.value}>{player.seedValue}</Code>
              )}
            </Group>
          ))}
        </Stack>
        {seated && open && (
          <form onSubmit={(event) => void submit(event)} noValidate>
            <Stack gap="xs">
              <TextInput
                label="Your value for the dice"
                // The field stays empty for the player's own: say where the page's random one is
                // (an empty box under "The page gave a random one" read as no value at all).
                description={own ? 'Your own value is in. Type another to replace it.' : RANDOM_VALUE_WORDS}
                value={typed}
                onChange={(event) => setTyped(event.currentTarget.value)}
                maxLength={MAX_SEED_VALUE_LENGTH}
                error={problem}
                autoComplete="off"
              />
              <Group justify="flex-end">
                <Button type="submit" variant="default" disabled={busy}>
                  Use my value
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </LobbyPanel>
  );
}
