/**
 * A panel of a lobby (Players, Modules, Game Options, Turn Timer, Fair Dice): parchment, its
 * title under a rule, and a region named by that title, so a screen reader can go to it by name.
 */
import { useId, type ReactNode } from 'react';
import { Paper, Title } from '@mantine/core';

export function LobbyPanel({ title, className, children }: { title: string; className?: string; children: ReactNode }) {
  const titleID = useId();
  return (
    <Paper component="section" className={className ? `mythos-parchment ${className}` : 'mythos-parchment'} p="md" aria-labelledby={titleID}>
      <Title order={2} size="h3" id={titleID}>
        {title}
      </Title>
      <hr className="mythos-rule" />
      {children}
    </Paper>
  );
}
