/**
 * Ratings in the protocol's user data: GraphQL `User.rating` and REST `GET /api/user/{id}/rating`,
 * for a new person (1500, provisional, no games) and for a bot (its fixed rating).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botSkill, displayRating, INITIAL_SKILL } from '../../src/server/ratings/model.js';
import { startServer, type Server } from '../server/support.js';
import { guest, type Session } from './protocol-client.js';

let server: Server;
let me: Session;
let botID: string;

beforeAll(async () => {
  server = await startServer();
  me = await guest(server.url, 'Rated');
  const lobbyID = (await me.call('POST', '/api/lobby/create')).json.id as string;
  expect((await me.call('POST', `/api/lobby/${lobbyID}/add_bot`, { bot_name: 'basic_bot' })).json).toEqual({ ok: true });
  const lobby = await me.call('POST', '/api/graphql', { query: 'query ($id: ID!) { lobby(id: $id) { playerIDToBotType { playerID } } }', variables: { id: lobbyID } });
  botID = lobby.json.data.lobby.playerIDToBotType[0].playerID;
});
afterAll(async () => server.close());

const fresh = { rating: 1500, provisional: true, games: 0, mu: INITIAL_SKILL.mu, sigma: INITIAL_SKILL.sigma };
const advancedBot = { rating: displayRating(botSkill('basic_bot')), provisional: false, games: 0, ...botSkill('basic_bot') };

describe('ratings in user data', () => {
  it('GraphQL: User.rating for a new person and for a bot', async () => {
    const answer = await me.call('POST', '/api/graphql', {
      query: 'query ($ids: [ID!]!) { me { rating { rating provisional games mu sigma } } users(ids: $ids) { name rating { rating provisional games mu sigma } } }',
      variables: { ids: [botID] },
    });
    expect(answer.json).toEqual({ data: { me: { rating: fresh }, users: [{ name: 'Advanced Bot 1', rating: advancedBot }] } });
    expect(advancedBot.rating).toBeGreaterThan(1500);
  });

  it('REST: GET /api/user/{id}/rating, with the rating history', async () => {
    expect((await me.call('GET', `/api/user/${me.userID}/rating`)).json).toEqual({ rating: fresh, history: [] });
    expect((await me.call('GET', `/api/user/${botID}/rating`)).json).toEqual({ rating: advancedBot, history: [] });
    const unknown = await me.call('GET', '/api/user/u_nobody/rating');
    expect([unknown.status, unknown.json]).toEqual([404, { ok: false, error: 'User u_nobody not found.' }]);
  });
});
