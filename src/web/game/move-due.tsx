/**
 * The chat's dialog covers the table, and on a phone the action panel docked under it with its
 * clock: a player chatting while their move was due learned of it when a bot had made it for them.
 * While the move is due, the dialog says so above the messages, with the time left, and takes them
 * back to the table in one tap: the dialog closes and a phone shows its Table tab, where the cards
 * are picked. Above the messages, it stays in sight when a phone's keyboard takes the screen's
 * lower half.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { Button, Group, Text } from '@mantine/core';
import type { Decision } from '../../engine/pending.js';
import { SeatClock } from './clock.js';
import { moveIsDue } from './derive.js';
import type { GameScreenState } from './model.js';
import { ShowTable } from './show-table.js';

export function MoveDue({ state, decision, close }: { state: GameScreenState; decision: Decision | null; close: () => void }) {
  const showTable = useContext(ShowTable);
  if (state.me === null || !moveIsDue(state, decision)) return null;
  return (
    <Group gap={8} justify="space-between" mb="sm" data-move-due="">
      <Group gap={8} wrap="nowrap">
        <Text fw={700} role="status">
          It is your move
        </Text>
        <SeatClock state={state} userID={state.me} label />
      </Group>
      <Button
        size="compact-md"
        onClick={() => {
          close();
          showTable?.();
        }}
      >
        Back to the table
      </Button>
    </Group>
  );
}

/**
 * The game screen's state and pending decision, for the chat dialog's top. The screen gives them
 * around its CHAT button, which is memoised on a top that never changes (`moveDueTop`): a new top
 * for every view drew the button again at every click, and only an open dialog needs the view.
 */
export const MoveDueSource = createContext<{ state: GameScreenState; decision: Decision | null } | null>(null);

/** The chat dialog's top on the game screen: the move due, as MoveDueSource has it now. */
export function moveDueTop(close: () => void): ReactNode {
  return <MoveDueNow close={close} />;
}

function MoveDueNow({ close }: { close: () => void }) {
  const now = useContext(MoveDueSource);
  return now ? <MoveDue state={now.state} decision={now.decision} close={close} /> : null;
}
