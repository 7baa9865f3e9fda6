/**
 * "Your games" lists the lobbies the player sits in that wait to start, above their games: each
 * with its name, whether the player hosts it, its seats taken and who sits there, and the way back
 * to it; a line saying there are none when there are none. The server's calls are stand-ins.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { Page } from '../../../src/web/pages/my-games.js';
import { atPath } from '../support/at-path.js';
import { stubbed } from '../support/trpc-stub.js';

const person = (id: string, name: string) => ({ id, name, profilePictureURL: null, seedValue: null, left: false });
const lobby = (id: string, host: { id: string; name: string }, players: ReturnType<typeof person>[]) => ({ id, name: `${host.name}'s lobby`, host, players, status: 'open' });

vi.mock('../../../src/web/lib/trpc.js', async () => ({ trpc: (await import('../support/trpc-stub.js')).trpcStub }));

/** Ann signed in, with no finished game, and the tables waiting to start that she sits at. */
const serve = (waiting: unknown[]) => {
  stubbed.answers = { 'session.me': { id: 'u_ann', name: 'Ann' }, 'lobbies.waiting': waiting, 'users.myGames': { games: [], total: 0, users: [] } };
};

afterEach(cleanup);

function show(path = '/my-games') {
  render(atPath(path, <Page />));
}

describe('Your games: lobbies waiting to start', () => {
  test('each lobby with whether one hosts it, its seats and a link back to it', () => {
    const ann = person('u_ann', 'Ann');
    const bob = person('u_bob', 'Bob');
    serve([lobby('l_bob', bob, [bob, ann, person('bot_1', 'Advanced Bot 1')]), lobby('l_ann', ann, [ann])]);
    show();
    const section = screen.getByRole('region', { name: 'Waiting to start' });
    const [bobs, anns] = within(section).getAllByRole('listitem');
    expect(bobs!.textContent).toBe("Bob's lobbyHosted by Bob3 of 8 seats taken: Bob, Ann, Advanced Bot 1Return to Lobby Bob's lobby");
    expect(anns!.textContent).toBe("Ann's lobbyYou host it1 of 8 seats taken: AnnReturn to Lobby Ann's lobby");
    expect(within(bobs!).getByRole('link', { name: "Return to Lobby Bob's lobby" }).getAttribute('href')).toBe('/lobby/l_bob');
    expect(within(anns!).getByRole('link', { name: "Return to Lobby Ann's lobby" }).getAttribute('href')).toBe('/lobby/l_ann');
    // The games have a heading of their own under it.
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Waiting to start', 'Games']);
  });

  test('none: says so, with the way to the lobby list; not on later pages', () => {
    serve([]);
    show();
    const section = screen.getByRole('region', { name: 'Waiting to start' });
    expect(section.textContent).toBe('Waiting to startYou sit at no table waiting to start. Join or create a lobby to begin one.');
    expect(within(section).getByRole('link', { name: 'Join or create a lobby' }).getAttribute('href')).toBe('/lobby-list');
    cleanup();
    show('/my-games?page=2');
    expect(screen.queryByRole('region', { name: 'Waiting to start' })).toBeNull();
  });
});
