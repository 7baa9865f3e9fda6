/** The warning shown when a lobby or game changed its commitment (commitment-warning.tsx decides when). */
import { Alert, Code, Stack, Text } from '@mantine/core';
import classes from './commitment-alert.module.css';

/** A commitment that is not the first this browser saw for it. */
export interface Changed {
  what: string;
  first: string;
  shown: string;
}

export default function CommitmentAlert({ changed, place }: { changed: readonly Changed[]; place: 'lobby' | 'game' }) {
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
