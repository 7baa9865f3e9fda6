/**
 * A lobby's seats say what the "?" after a provisional rating means: a newcomer on a phone saw
 * "1500?" beside their own name with nothing to rest a pointer on for its title. Settled ratings
 * alone need no note. The server's ratings are stand-ins.
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Lobby, PublicUser } from '../../../src/web/lib/api-types.js';
import { LobbyPlayers, PROVISIONAL_NOTE } from '../../../src/web/lobby/lobby-players.js';
import { theme } from '../../../src/web/theme.js';

// Hoisted with the mock, which runs before the file's other lines.
const { served } = vi.hoisted(() => ({ served: { ratings: {} as Record<string, { rating: number; provisional: boolean }> } }));

vi.mock('../../../src/web/lib/trpc.js', () => ({
  trpc: { useQueries: () => [{ data: served.ratings }] },
}));

afterEach(cleanup);

const ann = { id: 'u_ann', name: 'Ann' } as PublicUser;
const lobby = {
  host: { id: 'u_vera', name: 'Vera' },
  players: [
    { id: 'u_vera', name: 'Vera' },
    { id: 'u_ann', name: 'Ann' },
  ],
  playerIDToBotType: [],
} as unknown as Lobby;

function seats(): void {
  render(
    <MantineProvider theme={theme}>
      <LobbyPlayers lobby={lobby} user={ann} onKick={() => undefined} busy={false} />
    </MantineProvider>,
  );
}

describe("a lobby's seats", () => {
  test('say what the "?" of a provisional rating means', () => {
    served.ratings = { u_vera: { rating: 1612, provisional: false }, u_ann: { rating: 1500, provisional: true } };
    seats();
    expect(screen.getByText('1500?')).toBeTruthy();
    expect(screen.getByTestId('provisional-note').textContent).toBe('A "?" after a rating: too few games to say much yet.');
    expect(PROVISIONAL_NOTE).toBe(screen.getByTestId('provisional-note').textContent);
  });

  test('say nothing more when every rating has settled', () => {
    served.ratings = { u_vera: { rating: 1612, provisional: false }, u_ann: { rating: 1488, provisional: false } };
    seats();
    expect(screen.getByText('1488')).toBeTruthy();
    expect(screen.queryByTestId('provisional-note')).toBeNull();
  });
});
