/**
 * The action panel after a bid is won: what it says of the card won and of the basic cards, and
 * where those are (below the trade row; on a phone's other tabs, on its Table tab: "a basic card"
 * alone sent a new player looking for them). Which tab a phone shows is the game screen's
 * (gain-words-by-tab.test.tsx).
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import type { Game } from '../../../src/engine/index.js';
import { ActionPanel } from '../../../src/web/game/action-panel.js';
import { decisionOf, playerOf, unaffordableReason } from '../../../src/web/game/derive.js';
import { useChoice } from '../../../src/web/game/use-choice.js';
import { theme } from '../../../src/web/theme.js';
import { ANN, BOB, act, newGame, screenState } from '../support/screen-state.js';

afterEach(cleanup);

function Panel({ game, compact, offTable = false }: { game: Game; compact: boolean; offTable?: boolean }) {
  const state = screenState(game);
  const decision = decisionOf(state);
  const choice = useChoice(state, decision);
  return (
    <MantineProvider theme={theme}>
      <ActionPanel state={state} decision={decision} choice={choice} act={async () => ({ ok: true })} awaiting={false} connected compact={compact} offTable={offTable} />
    </MantineProvider>
  );
}

/** Ann and Bob each bid nothing on a card of their own (Ann's one she can pay for): each wins theirs, uncontested. */
function won(): { game: Game; name: string } {
  let game = newGame();
  const start = screenState(game);
  const mine = start.game.tableIDs.findIndex((cardID) => cardID !== null && unaffordableReason(start, playerOf(start, ANN)!, cardID) === null);
  game = act(game, ANN, { type: 'BID', bid: { military: 0, tradeRowIndex: mine } });
  game = act(game, BOB, { type: 'BID', bid: { military: 0, tradeRowIndex: mine === 0 ? 1 : 0 } });
  const state = screenState(game);
  return { game, name: state.cardsByID[state.game.tableIDs[mine]!]!.name };
}

describe('the panel once a bid is won', () => {
  test('on a desktop: the card won, or a basic card from the piles below the trade row', () => {
    const { game, name } = won();
    render(<Panel game={game} compact={false} />);
    expect(screen.getByText(/^You won/).textContent).toBe(`You won ${name}. Gain it, or a basic card from the basic piles below the trade row instead. Chosen: ${name}`);
  });

  test("on a phone's Table tab: the piles below the trade row, as on a desktop", () => {
    const { game, name } = won();
    render(<Panel game={game} compact />);
    expect(screen.getByText(/^You won/).textContent).toBe(`You won ${name}. Gain it, or a basic card from the basic piles below the trade row instead. Chosen: ${name}`);
  });

  test("on a phone's other tabs: the basic piles on the Table tab", () => {
    const { game, name } = won();
    render(<Panel game={game} compact offTable />);
    expect(screen.getByText(/^You won/).textContent).toBe(`You won ${name}. Gain it, or a basic card from the basic piles on the Table tab instead. Chosen: ${name}`);
  });
});
