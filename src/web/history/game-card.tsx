/**
 * A game as a card in a list of games (Your games, a profile's recent games): its details beside
 * the one button that opens it, and its players as chips with their favor and the winners marked.
 * Each list says its own result, times and button; the frame and the chips are the same in both.
 */
import type { ReactNode } from 'react';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { PlayerName } from './players.js';
import type { PublicUser } from './use-users.js';
import classes from './game-card.module.css';

/** A seat as a chip: its favor null while the game is played. */
export interface SeatChip {
  userID: string;
  favor: number | null;
  won: boolean;
}

/** The list the cards stand in, numbered for a screen reader (newest first). */
export function GameCardList({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <Stack component="ol" gap="xs" m={0} p={0} className={classes.plainList} aria-label={label}>
      {children}
    </Stack>
  );
}

/** One game: `children` its details, `action` the button that opens it. */
export function GameCard({ gameID, action, children }: { gameID: string; action: ReactNode; children: ReactNode }) {
  return (
    <Paper component="li" data-game-id={gameID} withBorder radius="md" p="sm" bg="var(--mythos-night-veil)">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Stack gap={6} className={classes.details}>
          {children}
        </Stack>
        {action}
      </Group>
    </Paper>
  );
}

/** How long a game took (or has taken), in figures that keep their width. */
export function GameDuration({ duration }: { duration: string | null }) {
  return (
    duration && (
      <Text size="sm" c="night.1" className={classes.numbers}>
        {duration}
      </Text>
    )
  );
}

/** The game's players in seat order; `viewerID`'s own chip is marked (in gold). */
export function SeatChips({ seats, usersByID, viewerID = null }: { seats: readonly SeatChip[]; usersByID: Map<string, PublicUser>; viewerID?: string | null }) {
  return (
    <Group component="ul" gap="xs" m={0} p={0} className={classes.plainList} aria-label="Players">
      {seats.map((seat, index) => (
        <Group component="li" key={`${index}-${seat.userID}`} gap={6} wrap="nowrap" px={8} py={2} className={classes.player} data-me={seat.userID === viewerID || undefined}>
          <PlayerName id={seat.userID} user={usersByID.get(seat.userID)} />
          {seat.favor !== null && (
            <Text span size="sm" c="night.1" className={classes.favor}>
              {seat.favor} favor
            </Text>
          )}
          {/* Who won, marked in every list alike: a player who came 3rd of 4 looks for them. */}
          {seat.won && (
            <Text span size="xs" fw={700} c="gold.4">
              ★ winner
            </Text>
          )}
        </Group>
      ))}
    </Group>
  );
}
