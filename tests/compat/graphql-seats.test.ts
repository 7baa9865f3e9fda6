/**
 * GraphQL's typed table: a game's `seats` (presence, deadline, standIn, left) and `serverTime`
 * beside `renderedGame`, the same seats the rendered JSON carries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInGuest, startServer, type Server } from '../server/support.js';

describe('GraphQL seats', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startServer({ turnTimerSeconds: 600 });
  });
  afterAll(() => server.close());

  it('a running game\'s seats and server time, typed, agree with renderedGame', async () => {
    const [ann, bob] = [await signInGuest(server, 'Ann'), await signInGuest(server, 'Bob')];
    const { id: lobbyID } = await ann.client.lobbies.create.mutate();
    await bob.client.lobbies.join.mutate({ lobbyID });
    const { gameID } = await ann.client.lobbies.start.mutate({ lobbyID });
    await bob.client.games.leave.mutate({ gameID });
    const query = `query($id: ID!) { user(id: $id) { games(first: 1) { id serverTime renderedGame seats { userID presence deadline standIn left } } } }`;
    const response = await fetch(`${server.url}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', cookie: ann.cookie },
      body: JSON.stringify({ query, variables: { id: ann.userID } }),
    });
    const raw = (await response.json()) as unknown;
    if (!(raw as { data?: unknown }).data) throw new Error(JSON.stringify(raw));
    const body = raw as { data: { user: { games: { id: string; serverTime: number; renderedGame: string; seats: { userID: string; presence: string; deadline: number | null; standIn: string | null; left: boolean }[] }[] } } };
    const game = body.data.user.games.find((g) => g.id === gameID)!;
    expect(game.seats.map((s) => s.userID)).toEqual([ann.userID, bob.userID]);
    expect(game.seats[1]).toMatchObject({ left: true, standIn: 'left' });
    expect(game.seats[0]).toMatchObject({ left: false, presence: 'gone' });
    expect(game.seats[0]!.deadline).toBeGreaterThan(game.serverTime);
    expect(Math.abs(game.serverTime - Date.now())).toBeLessThan(60_000);
    const rendered = JSON.parse(game.renderedGame) as { seats: unknown };
    expect(rendered.seats).toEqual(game.seats);
    for (const guest of [ann, bob]) guest.close();
  });
});
