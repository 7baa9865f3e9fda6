/**
 * A lobby's page tells a seated player who does not host what they wait for: its host starting
 * the game. A friend who joined from the lobby list sat before the settings, read-only, with Leave
 * the one thing to press and no word of who starts the game or that anyone would. The host reads
 * their own words (Start Game, and what it waits for), and someone not seated reads Join. The
 * server's calls are stand-ins.
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Lobby, PublicUser } from '../../../src/web/lib/api-types.js';
import { LobbyView } from '../../../src/web/lobby/lobby-view.js';
import { theme } from '../../../src/web/theme.js';

vi.mock('../../../src/web/lib/trpc.js', async () => ({ trpc: (await import('../support/trpc-stub.js')).trpcStub }));

afterEach(cleanup);

const alma = { id: 'u_alma', name: 'Alma' } as PublicUser;
const bert = { id: 'u_bert', name: 'Bert' } as PublicUser;
const sid = { id: 'u_sid', name: 'Sid' } as PublicUser;

const seat = (user: PublicUser) => ({ id: user.id, name: user.name, profilePictureURL: null, seedValue: 'a1b2', left: false });

function lobby(players: PublicUser[], status: Lobby['status'] = 'open'): Lobby {
  return {
    id: 'l_1',
    sequenceID: 3,
    name: "Alma's lobby",
    host: alma,
    players: players.map(seat),
    options: {},
    modules: [],
    playerIDToBotType: [],
    game: null,
    creationDate: 0,
    status,
    turnTimer: 'on',
    turnTimerSeconds: 90,
    showOddsToPlayers: true,
    serverSecretCommitment: null,
    rematch: null,
  } as unknown as Lobby;
}

function page(shown: Lobby, viewer: PublicUser): void {
  render(
    <MantineProvider theme={theme}>
      <MemoryRouter>
        <LobbyView lobby={shown} user={viewer} definitions={undefined} connected leaving={false} onLeaving={() => undefined} />
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe("a lobby's page, before its game starts", () => {
  test('tells a seated player who does not host that the host starts the game', () => {
    page(lobby([alma, bert]), bert);
    expect(screen.getByTestId('waiting-for-host').textContent).toBe('Waiting for Alma to start the game.');
    expect(screen.queryByRole('button', { name: 'Start Game' })).toBeNull();
  });

  test('tells the host nothing of waiting for themselves', () => {
    page(lobby([alma, bert]), alma);
    expect(screen.getByRole('button', { name: 'Start Game' })).toBeTruthy();
    expect(screen.queryByTestId('waiting-for-host')).toBeNull();
  });

  test('tells someone not seated to join, not to wait', () => {
    page(lobby([alma, bert]), sid);
    expect(screen.getByRole('button', { name: 'Join' })).toBeTruthy();
    expect(screen.queryByTestId('waiting-for-host')).toBeNull();
  });
});
