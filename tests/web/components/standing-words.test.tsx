/**
 * Where the game stands, in the action panel at each of a player's bids over a whole game (an
 * engine game between two easy bots, rendered step by step): the turn and age, an age's first turn
 * said as a new age with its new trade row, and an age's last turn (the game's, for the third).
 * tests/web/game-play.test.ts reads the same line at every bid of the ages it clicks through.
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { botDecision } from '../../../src/bots/harness.js';
import type { Game } from '../../../src/engine/index.js';
import { ActionPanel } from '../../../src/web/game/action-panel.js';
import { decisionOf } from '../../../src/web/game/derive.js';
import type { GameScreenState } from '../../../src/web/game/model.js';
import { useChoice } from '../../../src/web/game/use-choice.js';
import { theme } from '../../../src/web/theme.js';
import { act, newGame, screenState } from '../support/screen-state.js';

function Panel({ state }: { state: GameScreenState }) {
  const decision = decisionOf(state);
  const choice = useChoice(state, decision);
  return <ActionPanel state={state} decision={decision} choice={choice} act={async () => ({ ok: true })} awaiting={false} />;
}

afterEach(cleanup);

/** The game after every seat that has a decision makes the easy bot's (the server's order: seat by seat). */
function bothAct(game: Game): Game {
  let next = game;
  for (const [seat, player] of game.players.entries()) {
    const action = botDecision(next, seat, 7, 'easy_bot');
    if (action) next = act(next, player.userID, action);
  }
  return next;
}

test('the panel says where the game stands at every bid: each turn of each age, a new age, an age\'s last turn, the game\'s', () => {
  let game = newGame();
  const standings: string[] = [];
  for (let step = 0; step < 500 && game.gameEndTimestamp === null; step++) {
    const state = screenState(game);
    if (decisionOf(state)?.type === 'BID') {
      const { unmount } = render(
        <MantineProvider theme={theme}>
          <Panel state={state} />
        </MantineProvider>,
      );
      standings.push(screen.getByTestId('standing').textContent ?? '');
      unmount();
    }
    game = bothAct(game);
  }
  expect(game.gameEndTimestamp).not.toBeNull();
  const turns = (age: number, last: string) => [
    age === 1 ? 'Age 1/3 · Turn 1/5' : `Age ${age} begins: a new trade row, dealt from the age ${age} deck.`,
    ...[2, 3, 4].map((turn) => `Age ${age}/3 · Turn ${turn}/5`),
    `Age ${age}/3 · Turn 5/5 · ${last}`,
  ];
  expect(standings).toEqual([...turns(1, 'the last turn of this age'), ...turns(2, 'the last turn of this age'), ...turns(3, 'the last turn of the game')]);
});
