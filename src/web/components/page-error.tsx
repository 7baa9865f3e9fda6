/**
 * A page that cannot be shown (a game, its replay, a profile): why, and a way back to the lobby,
 * so that no error is a dead end.
 */
import type { ReactNode } from 'react';
import { Alert, Anchor } from '@mantine/core';
import { Link } from './link.js';

export function PageError({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      {children}{' '}
      <Anchor component={Link} to="/">
        Back to the lobby
      </Anchor>
    </Alert>
  );
}
