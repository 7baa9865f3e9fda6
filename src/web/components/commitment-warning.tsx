/**
 * A loud warning when a lobby or game shows another commitment than the first this browser saw
 * for it (commitment-memory.ts): the server could then have chosen its secret, and so the dice,
 * after seeing the players' values.
 */
import { useMemo } from 'react';
import { Alert, Code, Stack, Text } from '@mantine/core';
import { firstCommitment } from '../lib/commitment-memory.js';
import classes from './commitment-warning.module.css';

export interface CommitmentCheck {
  /** Where the first one seen is kept (see commitment-memory.ts). */
  key: string;
  /** The commitment shown now; null when there is none to check (a game from before commitments). */
  shown: string | null;
  /** What it commits to, for the warning: "the server's secret", "the seed". */
  what: string;
}

interface Changed {
  what: string;
  first: string;
  shown: string;
}

export function CommitmentWarning({ checks, place }: { checks: readonly CommitmentCheck[]; place: 'lobby' | 'game' }) {
  const signature = JSON.stringify(checks);
  const changed = useMemo(
    () =>
      (JSON.parse(signature) as CommitmentCheck[]).flatMap((check): Changed[] => {
        if (check.shown === null) return [];
        const first = firstCommitment(check.key, check.shown);
        return first === check.shown ? [] : [{ what: check.what, first, shown: check.shown }];
      }),
    [signature],
  );
  if (changed.length === 0) return null;
  return (
    <Alert color="red" variant="filled" role="alert" title="Warning: the server changed its commitment" mb="md">
      <Stack gap="xs">
        {changed.map((c) => (
          <Text key={c.what} size="sm">
            This {place} first showed the commitment to {c.what} <Code className={classes.hash}>{c.first}</Code>, and now shows{' '}
            <Code className={classes.hash}>{c.shown}</Code>.
          </Text>
        ))}
        <Text size="sm" fw={700}>
          A server that changes its commitment could choose the dice after seeing the players&apos; values: do not trust this game&apos;s dice. Keep both
          values to show others.
        </Text>
      </Stack>
    </Alert>
  );
}

/** The checks of a game: the server secret's commitment (its lobby's, if this browser saw it) and the seed's. */
export function gameCommitmentChecks(game: { id: string; serverSecretCommitment: string | null; seedCommitment: string | null }): CommitmentCheck[] {
  return [
    { key: `game/${game.id}/server`, shown: game.serverSecretCommitment, what: "the server's secret" },
    { key: `game/${game.id}/seed`, shown: game.seedCommitment, what: 'the seed' },
  ];
}
