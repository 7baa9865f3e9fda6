/**
 * A player's detail dialog (opened from the player list): each section says in words when it has
 * nothing to list, rather than showing a heading over nothing.
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import PlayerDetailModal from '../../../src/web/game/player-detail.js';
import { playerOf } from '../../../src/web/game/derive.js';
import { theme } from '../../../src/web/theme.js';
import { ANN, newGame, screenState } from '../support/screen-state.js';

afterEach(cleanup);

describe("a player's detail", () => {
  test('at the start (a leader alone, no printed favor): every section says it has nothing yet', () => {
    const state = screenState(newGame());
    const ann = playerOf(state, ANN)!;
    expect(ann.cardIDs.filter((id) => (state.cardsByID[id]?.favor ?? 0) > 0)).toEqual([]);
    render(
      <MantineProvider theme={theme}>
        <PlayerDetailModal state={state} player={ann} onClose={() => undefined} />
      </MantineProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Ann: details' });
    expect(dialog.textContent).toContain('No tribute completed yet.');
    expect(dialog.textContent).toContain('By cardNo card with favor yet.');
    expect(dialog.textContent).toContain('No prophecy.');
  });

  test('a card with printed favor is listed with it', () => {
    const state = screenState(newGame());
    const ann = playerOf(state, ANN)!;
    const withFavor = Object.values(state.cardsByID).find((card) => card.favor > 0)!;
    const holding = { ...ann, cardIDs: [...ann.cardIDs, withFavor.id] };
    render(
      <MantineProvider theme={theme}>
        <PlayerDetailModal state={state} player={holding} onClose={() => undefined} />
      </MantineProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Ann: details' });
    expect(dialog.textContent).toContain(`${withFavor.name}: ${withFavor.favor} favor`);
    expect(dialog.textContent).not.toContain('No card with favor yet.');
  });
});
