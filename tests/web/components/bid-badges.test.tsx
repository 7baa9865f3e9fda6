/**
 * The badges under a trade row card once bids are revealed: the bid, then who made it. Under a
 * desktop's cards (120 px) the name is written out; under a phone's (96 px) a long name was cut
 * ("EASY BO…"), so there the badge shows the initials the player's avatar shows, in the player's
 * colour, and a screen reader still hears the whole name. Pointing at a badge says it whole.
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { TradeRow } from '../../../src/web/game/table.js';
import { theme } from '../../../src/web/theme.js';
import { ANN, BOB, act, newGame, screenState } from '../support/screen-state.js';

afterEach(cleanup);

/** Ann and Bob, named `bob`, bid on the first card (1 and 0 military), and the bids are revealed. */
function revealed(bob: string) {
  let game = newGame();
  game = act(game, ANN, { type: 'BID', bid: { military: 1, tradeRowIndex: 0 } });
  game = act(game, BOB, { type: 'BID', bid: { military: 0, tradeRowIndex: 0 } });
  return screenState(game, ANN, { [ANN]: 'Ann', [BOB]: bob });
}

function row(bob: string, cardWidth: number) {
  const state = revealed(bob);
  render(
    <MantineProvider theme={theme}>
      <TradeRow state={state} me={null} selectedCardID={null} pickableTradeRow={() => false} pickableBasic={false} onPick={() => undefined} cardWidth={cardWidth} />
    </MantineProvider>,
  );
  return document.querySelectorAll('[data-trade-row-index="0"] .mantine-Badge-root');
}

describe("a revealed bid's badge", () => {
  test('under a desktop card: the bid and the whole name', () => {
    const badges = row('Easy Bot 1', 120);
    expect([...badges].map((b) => b.textContent)).toEqual(['bid 1 Ann', 'bid 0 Easy Bot 1']);
    expect(document.querySelector('[data-bidder-initials]')).toBeNull();
    expect(screen.getByTitle('Easy Bot 1 bid 0')).toBe(badges[1]);
  });

  test("under a phone's card: the bid and the initials on screen, the whole name for a screen reader", () => {
    const badges = row('Easy Bot 1', 96);
    const shown = [...badges].map((b) => [...b.querySelectorAll('[data-bidder-initials]')].map((i) => i.textContent));
    expect(shown).toEqual([['AN'], ['EB']]);
    for (const initials of document.querySelectorAll('[data-bidder-initials]')) expect(initials.getAttribute('aria-hidden')).toBe('true');
    const spoken = [...badges].map((b) => b.querySelector('.mythos-visually-hidden')?.textContent);
    expect(spoken).toEqual(['Ann', 'Easy Bot 1']);
    expect(screen.getByTitle('Easy Bot 1 bid 0')).toBe(badges[1]);
  });
});
