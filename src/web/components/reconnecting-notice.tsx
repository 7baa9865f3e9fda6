/**
 * What a live page (a game, a lobby) says while its connection is down: "Reconnecting...", at
 * once when the browser says it is offline, and beside it what that means on this page (what
 * waits for the connection, what goes on without it). Controls that wait for the connection point
 * at the sentence (`id`) for their reason.
 *
 * While the server refuses the page's subscription (`refusal`: connection.ts, useLive), the same
 * place says so instead, in the server's words: "Reconnecting..." alone would wait for good, the
 * connection being back. Beside them, what the page does: it asks again by itself (and "Try again"
 * asks at once), or waiting will not help, or, signed out, a way to sign in and come back here.
 */
import type { ReactNode } from 'react';
import { Anchor, Badge, Button, Group, Text } from '@mantine/core';
import { useLocation } from 'react-router-dom';
import type { Refusal } from '../lib/connection.js';
import { REFUSED_BADGE, REFUSED_FOR_GOOD, REFUSED_RETRYING, SIGN_IN_AGAIN, TRY_AGAIN } from '../lib/offline-words.js';

export function ReconnectingNotice({ id, children, refusal }: { id?: string; children?: ReactNode; refusal?: Refusal | null }) {
  const aside = children ? (
    <Text size="sm" id={id}>
      {children}
    </Text>
  ) : null;
  if (refusal) {
    return (
      <Group gap={8} role="status" data-testid="refused">
        <Badge bg="var(--mythos-affinity-derion-light)" c="var(--mythos-affinity-derion-ink)">
          {REFUSED_BADGE}
        </Badge>
        <Text size="sm">{refusal.kind === 'signed-out' ? refusal.message : `${refusal.message} ${refusal.kind === 'wait' ? REFUSED_RETRYING : REFUSED_FOR_GOOD}`}</Text>
        {refusal.kind === 'signed-out' ? (
          <SignInAgain />
        ) : (
          <Button size="compact-sm" variant="default" onClick={refusal.retry}>
            {TRY_AGAIN}
          </Button>
        )}
        {aside}
      </Group>
    );
  }
  return (
    <Group gap={8} role="status" data-testid="reconnecting">
      <Badge bg="var(--mythos-affinity-derion-light)" c="var(--mythos-affinity-derion-ink)">
        Reconnecting...
      </Badge>
      {aside}
    </Group>
  );
}

/**
 * To the sign-in page, and back here after it, as a protected page sends a visitor signed out
 * (guards.tsx). A whole page load, not the router's: the page holds the session it read when it
 * opened, and the home page would send the visitor straight back here, still "signed in".
 */
function SignInAgain() {
  const { pathname, search, hash } = useLocation();
  return (
    <Anchor size="sm" href={`/?redirect=${encodeURIComponent(pathname + search + hash)}`}>
      {SIGN_IN_AGAIN}
    </Anchor>
  );
}
