/**
 * The lobby's Fair Dice field says where the page's random value for the dice is: the field stays
 * empty for the player's own, and under "The page gave a random one for you" an empty box read as
 * no value at all. Once the player's own is in, it says so instead.
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, test } from 'vitest';
import { FairDicePanel } from '../../../src/web/lobby/fair-dice-panel.js';
import type { Lobby, PublicUser } from '../../../src/web/lib/api-types.js';
import { theme } from '../../../src/web/theme.js';

afterEach(cleanup);

const ann = { id: 'u_ann', name: 'Ann' } as PublicUser;
const lobby = {
  status: 'open',
  serverSecretCommitment: 'c0ffee',
  players: [
    { id: 'u_vera', name: 'Vera', seedValue: 'aa11' },
    { id: 'u_ann', name: 'Ann', seedValue: '13646a7653da61ada10ded4a9279ef3c' },
  ],
  playerIDToBotType: [],
} as unknown as Lobby;

describe('Fair Dice field', () => {
  test("points to the page's random value beside the player's seat", () => {
    render(
      <MantineProvider theme={theme}>
        <MemoryRouter>
          <FairDicePanel lobby={lobby} user={ann} busy={false} onGive={() => Promise.resolve(true)} />
        </MemoryRouter>
      </MantineProvider>,
    );
    const field = screen.getByLabelText('Your value for the dice') as HTMLInputElement;
    expect(field.value).toBe('');
    expect(screen.getByText('The page gave a random one for you: it is beside your seat above. Type your own if you like.')).toBeTruthy();
    // And it is there: by "Seat 2 (you):".
    expect(screen.getByText('Seat 2 (you):').closest('li')!.textContent).toContain('13646a7653da61ada10ded4a9279ef3c');
  });
});
