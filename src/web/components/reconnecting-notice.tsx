/**
 * What a live page (a game, a lobby) says while its connection is down: "Reconnecting...", at
 * once when the browser says it is offline, and beside it what that means on this page (what
 * waits for the connection, what goes on without it). Controls that wait for the connection point
 * at the sentence (`id`) for their reason.
 */
import type { ReactNode } from 'react';
import { Badge, Group, Text } from '@mantine/core';

export function ReconnectingNotice({ id, children }: { id?: string; children?: ReactNode }) {
  return (
    <Group gap={8} role="status" data-testid="reconnecting">
      <Badge bg="var(--mythos-affinity-derion-light)" c="var(--mythos-affinity-derion-ink)">
        Reconnecting...
      </Badge>
      {children ? (
        <Text size="sm" id={id}>
          {children}
        </Text>
      ) : null}
    </Group>
  );
}
