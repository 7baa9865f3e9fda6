/**
 * The table layout the game screen and the replay share: the table (trade row, clash, tributes,
 * basic piles, decks), the boards, the players' summaries and the desktop's two columns (a phone's
 * Table/Boards/Log tabs are table-tabs.tsx's). Each screen passes in what is its own (the game's
 * hint, action panel and chat; the replay's bids and odds) and keeps its header and controls.
 */
import type { ReactNode } from 'react';
import { Box, Group, Stack } from '@mantine/core';
import { ScrollRow } from '../components/scroll-row.js';
import type { GameScreenState } from './model.js';
import { BasicPiles, DeckViewers, TradeRow, TributeRow, type PickableProps } from './table.js';
import { PlayerSummary } from './player-list.js';
import { PlayerBoard } from './player-board.js';
import { Presentation } from './presentation-slots.js';
import classes from './table-layout.module.css';

/**
 * The table. The clashes under the trade row: a display appearing above it pushed the row down as
 * the dice settled, under a finger or a pointer about to pick the card just won. `hint` goes under
 * the tributes, and on a phone (folded to its title) above the row (see the game screen).
 */
export function TableStack({ pickable, compact, hint }: { pickable: PickableProps; compact: boolean; hint?: ReactNode }) {
  const state = pickable.state;
  return (
    <Stack gap="md" className="game-table">
      {compact ? hint : null}
      <TradeRow {...pickable} />
      <Presentation.ClashDisplay state={state} />
      <TributeRow state={state} width={compact ? 110 : 130} />
      {compact ? null : hint}
      <BasicPiles {...pickable} />
      <DeckViewers state={state} />
    </Stack>
  );
}

/**
 * Every player's board, in seat order. Under a heading of their own, out of sight (the phone's
 * Boards tab and the desktop's column say what they are), each board under its player's name: a
 * screen reader moving by headings reaches them as it reaches the trade row.
 */
export function Boards({ state, compact }: { state: GameScreenState; compact: boolean }) {
  return (
    <Stack gap="lg">
      <h2 className="mythos-visually-hidden">Boards</h2>
      {state.game.players.map((p) => (
        <PlayerBoard key={p.userID} state={state} player={p} cardWidth={compact ? 84 : 96} />
      ))}
    </Stack>
  );
}

/** The desktop's list of the players' summaries. */
export function PlayerSummaries({ state, compact, onOpen }: { state: GameScreenState; compact?: boolean; onOpen: (userID: string) => void }) {
  return (
    <Stack gap={6} aria-label="Players" component="section">
      <h2 className="mythos-visually-hidden">Players</h2>
      {state.game.players.map((p) => (
        <PlayerSummary key={p.userID} state={state} player={p} compact={compact} onOpen={onOpen} />
      ))}
    </Stack>
  );
}

/**
 * A phone's row of compact summaries, scrolling sideways. The scrollbar under the summaries, not
 * over their last line. `label` names the row when no section around it does. The viewer's own
 * summary comes first, the others after it in seat order: the row is wider than the screen, and
 * a seat further along showed its player's own gold and military cut off at the edge.
 */
export function SummaryRow({ state, onOpen, mb, label }: { state: GameScreenState; onOpen: (userID: string) => void; mb?: number; label?: string }) {
  return (
    <Box mb={mb}>
      <h2 className="mythos-visually-hidden">Players</h2>
      <ScrollRow label={label}>
        <Group gap={6} wrap="nowrap" align="stretch">
          {mineFirst(state.game.players, state.me).map((p) => (
            <Box key={p.userID} className={classes.summaryCell} data-me={p.userID === state.me || undefined}>
              <PlayerSummary state={state} player={p} compact onOpen={onOpen} />
            </Box>
          ))}
        </Group>
      </ScrollRow>
    </Box>
  );
}

function mineFirst<P extends { userID: string }>(players: readonly P[], me: string | null): readonly P[] {
  const mine = players.filter((p) => p.userID === me);
  return mine.length === 0 ? players : [...mine, ...players.filter((p) => p.userID !== me)];
}

/** A desktop's game or replay: at most the game's width, centred on a wider screen. */
export const DESKTOP_FRAME = classes.desktopFrame;

/** The desktop's two columns: the players and the log at the left, the table and the boards at the right. */
export function DesktopGrid({ left, right }: { left: ReactNode; right: ReactNode }) {
  return (
    <div className={classes.grid}>
      {left}
      {right}
    </div>
  );
}
