/**
 * Every refusal of the documented protocol, asserted exactly:
 * anonymous, non-host, non-player and non-developer callers of each REST call, /auth route,
 * GraphQL query and /channel message; each rule of an action through add_action, with its HTTP
 * status; malformed and mistyped input (a 4xx with a clear message, never a 500); and /channel
 * errors, after which the socket keeps working. Plain fetch and `ws`; the server's services are
 * touched only to make a developer and never to play.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goldCost, pendingDecision } from '../../src/engine/index.js';
import { startServer, type Server } from '../server/support.js';
import { caller, channel, guest, type Caller, type Channel, type Session } from './protocol-client.js';

let server: Server;
let host: Session;
let other: Session;
let stranger: Session;
let dev: Session;
let anonymous: Caller;

beforeAll(async () => {
  server = await startServer();
  [host, other, stranger, dev] = (await Promise.all(['Host', 'Other', 'Stranger', 'Dev'].map((name) => guest(server.url, name)))) as [Session, Session, Session, Session];
  await server.app.services.users.makeDev(dev.userID);
  anonymous = caller(server.url, null);
});
afterAll(async () => server.close());

const LOGGED_OUT = { ok: false, error: 'You must be logged in.' };
const HOST_ONLY = { ok: false, error: 'Only the host can do that.' };

async function newLobby(owner: Session): Promise<string> {
  const created = await owner.call('POST', '/api/lobby/create');
  expect(created.status, created.text).toBe(200);
  return created.json.id;
}

async function startedGame(owner: Session, bots = 1): Promise<string> {
  const lobbyID = await newLobby(owner);
  for (let i = 0; i < bots; i++) expect((await owner.call('POST', `/api/lobby/${lobbyID}/add_bot`, { bot_name: 'easy_bot' })).status).toBe(200);
  const started = await owner.call('POST', `/api/lobby/${lobbyID}/start`, {});
  expect(started.status, started.text).toBe(200);
  return started.json.gameID;
}

describe('anonymous callers (login, rules and cards only)', () => {
  let lobbyID: string;
  let gameID: string;
  beforeAll(async () => {
    lobbyID = await newLobby(host);
    gameID = await startedGame(host);
  });

  const restCalls = (): [string, 'GET' | 'POST', string, unknown][] => [
    ['game state', 'GET', `/api/game/${gameID}/state`, undefined],
    ['game history', 'GET', '/api/game_history_list?includeBots=1', undefined],
    ['add_action', 'POST', `/api/game/${gameID}/add_action`, { action: { type: 'UNBID' } }],
    ['lobby create', 'POST', '/api/lobby/create', undefined],
    ['add_bot', 'POST', `/api/lobby/${lobbyID}/add_bot`, { bot_name: 'easy_bot' }],
    ['start', 'POST', `/api/lobby/${lobbyID}/start`, {}],
    ['set_game_option', 'POST', `/api/lobby/${lobbyID}/set_game_option`, { option: 'hideFavor', value: true }],
    ['set_module', 'POST', `/api/lobby/${lobbyID}/set_module`, { module: 'altleaders', enabled: true }],
    ['join', 'POST', `/api/lobby/${lobbyID}/join`, {}],
    ['remove_player', 'POST', `/api/lobby/${lobbyID}/remove_player`, { player_id: host.userID }],
  ];

  it('every REST call but the definitions answers 401 with the message', async () => {
    for (const [name, method, path, body] of restCalls()) {
      const answer = await anonymous.call(method, path, body);
      expect(answer.status, name).toBe(401);
      expect(answer.json, name).toEqual(LOGGED_OUT);
    }
    // Nothing changed: the lobby is as the host left it.
    const lobby = await host.graphql(`{ lobby(id: "${lobbyID}") { sequenceID players { id } } }`);
    expect(lobby.json.data.lobby).toEqual({ sequenceID: 1, players: [{ id: host.userID }] });
  });

  it('the game definitions are public (the card gallery needs them)', async () => {
    const definitions = await anonymous.call('GET', '/api/game_definitions');
    expect(definitions.status).toBe(200);
    expect(definitions.json.cardDefs.length).toBeGreaterThan(100);
    // A developer-only module is named, not given.
    const noupgrade = definitions.json.modules.find((m: { key: string }) => m.key === 'noupgrade');
    expect(noupgrade).toMatchObject({ state: 'devOnly', cardDefs: [], replaceCore: [] });
  });

  it('every GraphQL query answers 401 in the GraphQL shape, by GET and by POST', async () => {
    const queries = [
      `{ user(id: "${host.userID}") { name } }`,
      `{ users(ids: ["${host.userID}"]) { name } }`,
      '{ lobbies { id } }',
      `{ lobby(id: "${lobbyID}") { id } }`,
      '{ devUsers { id } }',
    ];
    for (const query of queries) {
      const byGet = await anonymous.graphql(query);
      expect(byGet.status, query).toBe(401);
      expect(byGet.json, query).toEqual({ data: null, errors: [{ message: 'You must be logged in.' }] });
      const byPost = await anonymous.call('POST', '/api/graphql', { query });
      expect(byPost.status, query).toBe(401);
      expect(byPost.json, query).toEqual({ data: null, errors: [{ message: 'You must be logged in.' }] });
    }
  });

  it('the /auth routes: jwt and change-name need a session, the rest are public', async () => {
    const jwt = await anonymous.raw('GET', '/auth/jwt', undefined, { 'x-mythos-client': 'refusals' });
    expect([jwt.status, jwt.text]).toEqual([401, 'You must be logged in.']);
    expect(jwt.contentType).toMatch(/^text\/plain/);
    // Without the header, before anything else: a tag on another page cannot send it.
    const unmarked = await anonymous.call('GET', '/auth/jwt');
    expect([unmarked.status, unmarked.text]).toEqual([403, 'Ask for a token with the X-Mythos-Client header (any value).']);
    const rename = await anonymous.call('POST', '/auth/change-name', { newName: 'Mallory' });
    expect([rename.status, rename.text]).toEqual([401, 'You must be logged in.']);

    const logout = await anonymous.call('GET', '/auth/logout');
    expect([logout.status, logout.text]).toEqual([302, '']);
    for (const provider of ['discord', 'google']) {
      const login = await anonymous.call('GET', `/auth/${provider}?redirect=/lobby-list`);
      expect(login.status).toBe(404);
      expect(login.text).toBe(`${provider === 'discord' ? 'Discord' : 'Google'} login is not configured.`);
    }
    const guestLogin = await anonymous.call('POST', '/auth/guest', { username: 'Newcomer', password: 'guest', redirect: '/lobby-list' });
    expect(guestLogin.status).toBe(303);
  });

  it('/channel without a session: subscribing and chatting are refused, the socket stays open', async () => {
    const socket = await channel(server.url);
    for (const topic of ['lobby_list', `lobby/${lobbyID}`, `game/${gameID}`, `inbox/${host.userID}/game/${gameID}`, `chat/lobby/${lobbyID}`]) {
      expect(await socket.ask({ type: 'subscribe', topic })).toEqual({ type: 'error', message: `You must be logged in to subscribe to ${topic}.` });
    }
    expect(await socket.ask({ type: 'chat', room: `lobby/${lobbyID}`, message: 'hello' })).toEqual({ type: 'error', message: 'You must be logged in to chat.' });
    expect(socket.socket.readyState).toBe(socket.socket.OPEN);
    await socket.close();
  });
});

describe('lobby hosts and non-hosts', () => {
  let lobbyID: string;
  beforeAll(async () => {
    lobbyID = await newLobby(host);
    expect((await other.call('POST', `/api/lobby/${lobbyID}/join`, {})).status).toBe(200);
  });

  it('a non-host may not start, add bots, toggle options or modules: 403', async () => {
    const calls: [string, unknown][] = [
      ['add_bot', { bot_name: 'easy_bot' }],
      ['start', {}],
      ['set_game_option', { option: 'hideFavor', value: true }],
      ['set_module', { module: 'altleaders', enabled: true }],
    ];
    for (const [call, body] of calls) {
      const answer = await other.call('POST', `/api/lobby/${lobbyID}/${call}`, body);
      expect(answer.status, call).toBe(403);
      expect(answer.json, call).toEqual(HOST_ONLY);
    }
  });

  it('a non-host may not kick another player (403) but may leave and join again', async () => {
    const kick = await other.call('POST', `/api/lobby/${lobbyID}/remove_player`, { player_id: host.userID });
    expect(kick.status).toBe(403);
    expect(kick.json).toEqual({ ok: false, error: 'Only the host can remove other players.' });
    expect((await other.call('POST', `/api/lobby/${lobbyID}/remove_player`, { player_id: other.userID })).json).toEqual({ ok: true });
    expect((await other.call('POST', `/api/lobby/${lobbyID}/join`, {})).json).toEqual({ ok: true });
  });

  it('the host may do each of them', async () => {
    expect((await host.call('POST', `/api/lobby/${lobbyID}/set_game_option`, { option: 'hideFavor', value: true })).json).toEqual({ ok: true });
    expect((await host.call('POST', `/api/lobby/${lobbyID}/set_module`, { module: 'altleaders', enabled: true })).json).toEqual({ ok: true });
    expect((await host.call('POST', `/api/lobby/${lobbyID}/add_bot`, { bot_name: 'easy_bot' })).json).toEqual({ ok: true });
    expect((await host.call('POST', `/api/lobby/${lobbyID}/remove_player`, { player_id: other.userID })).json).toEqual({ ok: true });
    const started = await host.call('POST', `/api/lobby/${lobbyID}/start`, {});
    expect(started.status).toBe(200);
    expect(started.json).toEqual({ gameID: expect.stringMatching(/^g_/) });
  });

  it('the lobby refusals once a game started, and for unknown lobbies, joiners and leavers', async () => {
    // A lobby of its own whose game has started (not the one the host started above: this test runs alone too).
    const playing = await newLobby(host);
    expect((await host.call('POST', `/api/lobby/${playing}/add_bot`, { bot_name: 'easy_bot' })).status).toBe(200);
    expect((await host.call('POST', `/api/lobby/${playing}/start`, {})).status).toBe(200);
    const started = await other.call('POST', `/api/lobby/${playing}/join`, {});
    expect([started.status, started.json]).toEqual([409, { ok: false, error: 'The game has already started.' }]);
    const again = await host.call('POST', `/api/lobby/${playing}/start`, {});
    expect([again.status, again.json]).toEqual([409, { ok: false, error: 'The game has already started.' }]);

    const fresh = await newLobby(host);
    const alone = await host.call('POST', `/api/lobby/${fresh}/start`, {});
    expect([alone.status, alone.json]).toEqual([409, { ok: false, error: 'A game needs at least 2 players.' }]);
    const twice = await host.call('POST', `/api/lobby/${fresh}/join`, {});
    expect([twice.status, twice.json]).toEqual([409, { ok: false, error: 'You are already in this lobby.' }]);
    const notIn = await host.call('POST', `/api/lobby/${fresh}/remove_player`, { player_id: other.userID });
    expect([notIn.status, notIn.json]).toEqual([404, { ok: false, error: 'That player is not in this lobby.' }]);
    const missing = await host.call('POST', '/api/lobby/l_nothing/join', {});
    expect([missing.status, missing.json]).toEqual([404, { ok: false, error: 'Lobby l_nothing not found.' }]);
    const missingGame = await host.call('GET', '/api/game/g_nothing/state');
    expect([missingGame.status, missingGame.json]).toEqual([404, { ok: false, error: 'Game g_nothing not found.', code: 'game/not-found' }]);
    const disabled = await host.call('POST', `/api/lobby/${fresh}/set_module`, { module: 'conquest', enabled: true });
    expect([disabled.status, disabled.json]).toEqual([403, { ok: false, error: 'Module conquest is not available.' }]);
  });
});

describe('developer-only bots, options, modules and the devUsers query', () => {
  it('a non-developer is refused each of them with 403', async () => {
    const lobbyID = await newLobby(host);
    for (const bot of ['basic_bot2', 'valid_move', 'random_card']) {
      const answer = await host.call('POST', `/api/lobby/${lobbyID}/add_bot`, { bot_name: bot });
      expect([answer.status, answer.json], bot).toEqual([403, { ok: false, error: `Only developers can add a ${bot} bot.` }]);
    }
    for (const option of ['prerollDice', 'retreat1', 'retreat2', 'retreat3']) {
      const answer = await host.call('POST', `/api/lobby/${lobbyID}/set_game_option`, { option, value: true });
      expect([answer.status, answer.json], option).toEqual([403, { ok: false, error: `Only developers can change ${option}.` }]);
    }
    const module = await host.call('POST', `/api/lobby/${lobbyID}/set_module`, { module: 'noupgrade', enabled: true });
    expect([module.status, module.json]).toEqual([403, { ok: false, error: 'Only developers can use module noupgrade.' }]);
    const users = await host.graphql('{ devUsers { id } }');
    expect(users.status).toBe(200);
    expect(users.json).toEqual({ data: null, errors: [{ message: 'Only developers can list users.', locations: [{ line: 1, column: 3 }], path: ['devUsers'] }] });
  });

  it('a developer may do each of them', async () => {
    const lobbyID = await newLobby(dev);
    for (const bot of ['basic_bot2', 'valid_move']) expect((await dev.call('POST', `/api/lobby/${lobbyID}/add_bot`, { bot_name: bot })).json, bot).toEqual({ ok: true });
    for (const option of ['prerollDice', 'retreat1', 'retreat2', 'retreat3']) {
      expect((await dev.call('POST', `/api/lobby/${lobbyID}/set_game_option`, { option, value: true })).json, option).toEqual({ ok: true });
    }
    expect((await dev.call('POST', `/api/lobby/${lobbyID}/set_module`, { module: 'noupgrade', enabled: true })).json).toEqual({ ok: true });
    const users = await dev.graphql('{ devUsers { id isDev } }');
    expect(users.json.errors).toBeUndefined();
    expect(users.json.data.devUsers).toEqual(expect.arrayContaining([{ id: dev.userID, isDev: true }, { id: host.userID, isDev: false }]));
  });
});

describe("a game with a developer-only module: its cards reach its players and developers only", () => {
  it("a stranger is refused the game on REST, tRPC, GraphQL (its state and its table) and /channel; a seated non-developer is served", async () => {
    const lobbyID = await newLobby(dev);
    // Seated before the module goes on (once it is on, only developers may join).
    expect((await other.call('POST', `/api/lobby/${lobbyID}/join`)).json).toEqual({ ok: true });
    expect((await dev.call('POST', `/api/lobby/${lobbyID}/set_module`, { module: 'noupgrade', enabled: true })).json).toEqual({ ok: true });
    const late = await stranger.call('POST', `/api/lobby/${lobbyID}/join`);
    expect([late.status, late.json]).toEqual([403, { ok: false, error: 'Only developers can join a lobby with module noupgrade.' }]);
    const started = await dev.call('POST', `/api/lobby/${lobbyID}/start`, {});
    const gameID: string = started.json.gameID;
    const refusal = `Game ${gameID} uses a developer module: only its players and developers can watch it.`;

    const state = await stranger.call('GET', `/api/game/${gameID}/state`);
    expect([state.status, state.json]).toEqual([403, { ok: false, error: refusal }]);
    const input = encodeURIComponent(JSON.stringify({ gameID }));
    for (const procedure of ['games.state', 'games.cards']) {
      const answer = await fetch(`${server.url}/trpc/${procedure}?input=${input}`, { headers: { cookie: stranger.cookie } });
      expect([answer.status, ((await answer.json()) as { error: { message: string } }).error.message], procedure).toEqual([403, refusal]);
    }
    const rendered = await stranger.graphql(`query ($id: ID!) { user(id: $id) { games(first: 1) { renderedGame } } }`, { id: other.userID });
    expect(rendered.json.errors).toEqual([expect.objectContaining({ message: refusal, path: ['user', 'games', 0, 'renderedGame'] })]);
    // Its table too (who is there, their clocks), which a player's page opened has filled.
    expect((await other.call('GET', `/api/game/${gameID}/state`)).status).toBe(200);
    const seats = await stranger.graphql(`query ($id: ID!) { user(id: $id) { games(first: 1) { seats { userID } } } }`, { id: other.userID });
    expect(seats.json.errors).toEqual([expect.objectContaining({ message: refusal, path: ['user', 'games', 0, 'seats'] })]);
    const theirs = await other.graphql(`query ($id: ID!) { user(id: $id) { games(first: 1) { seats { userID } } } }`, { id: other.userID });
    expect(theirs.json.errors).toBeUndefined();
    expect(theirs.json.data.user.games[0].seats.map((s: { userID: string }) => s.userID)).toEqual(expect.arrayContaining([other.userID]));
    const socket = await channel(server.url, { jwt: stranger.jwt });
    try {
      expect(await socket.ask({ type: 'subscribe', topic: `game/${gameID}` })).toEqual({ type: 'error', message: refusal });
    } finally {
      socket.close();
    }

    // The seated player who is not a developer plays with the module's cards.
    const seated = await other.call('GET', `/api/game/${gameID}/state`);
    expect(seated.status).toBe(200);
    expect(seated.json.modules).toEqual(['noupgrade']);
    const replaced = server.app.services.definitions.modules.find((m) => m.key === 'noupgrade')!.replaceCore[0]!;
    expect(seated.json.cardsByID[replaced.id].abilities).toEqual(replaced.abilities);
  });
});

describe('malformed and mistyped input: a 4xx with a clear message, never a 500', () => {
  let lobbyID: string;
  let gameID: string;
  beforeAll(async () => {
    lobbyID = await newLobby(host);
    gameID = await startedGame(host);
  });
  const NOT_JSON = { ok: false, error: "Body is not valid JSON but content-type is set to 'application/json'" };
  const json = { 'content-type': 'application/json' };

  it('a client that posts lobby/create with a JSON header and no body: that works', async () => {
    const created = await host.raw('POST', '/api/lobby/create', undefined, json);
    expect(created.status, created.text).toBe(200);
    expect(created.json).toEqual({ id: expect.stringMatching(/^l_/), serverSecretCommitment: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it('a body that is not JSON gets 400 on every POST route', async () => {
    const routes = [
      `/api/game/${gameID}/add_action`,
      '/api/lobby/create',
      `/api/lobby/${lobbyID}/add_bot`,
      `/api/lobby/${lobbyID}/start`,
      `/api/lobby/${lobbyID}/set_game_option`,
      `/api/lobby/${lobbyID}/set_module`,
      `/api/lobby/${lobbyID}/join`,
      `/api/lobby/${lobbyID}/remove_player`,
      '/auth/change-name',
    ];
    for (const route of routes) {
      for (const body of ['{', '{"action": ', "{'a': 1}", 'undefined', '{"__proto__": {"x": 1}}']) {
        const answer = await host.raw('POST', route, body, json);
        expect(answer.status, `${route} ${body}`).toBe(400);
        expect(answer.json, `${route} ${body}`).toEqual(NOT_JSON);
      }
    }
    const login = await anonymous.raw('POST', '/auth/guest', '{"username": ', json);
    expect([login.status, login.json]).toEqual([400, NOT_JSON]);
    const graph = await host.raw('POST', '/api/graphql', '{"query": ', json);
    expect([graph.status, graph.json]).toEqual([400, { data: null, errors: [{ message: NOT_JSON.error }] }]);
  });

  it('an unsupported content type gets 415', async () => {
    const answer = await host.raw('POST', `/api/lobby/${lobbyID}/add_bot`, '<bot/>', { 'content-type': 'application/xml' });
    expect(answer.status).toBe(415);
    expect(answer.json).toEqual({ ok: false, error: 'Unsupported Media Type' });
  });

  // A malformed action inside a well-formed body gets the engine's message for that field: see
  // malformed-actions.test.ts.
  it('bodies of the wrong shape or types get 400 naming the field', async () => {
    const cases: [string, unknown, string][] = [
      [`/api/game/${gameID}/add_action`, undefined, 'Invalid body: Invalid input: expected object, received undefined'],
      [`/api/game/${gameID}/add_action`, [1], 'Invalid body: Invalid input: expected object, received array'],
      [`/api/game/${gameID}/add_action`, 'BID', 'Invalid body: Invalid input: expected object, received string'],
      [`/api/game/${gameID}/add_action`, null, 'Invalid body: Invalid input: expected object, received null'],
      [`/api/lobby/${lobbyID}/add_bot`, { bot_name: 5 }, 'Invalid bot_name: Invalid option: expected one of "easy_bot"|"basic_bot"|"basic_bot2"|"valid_move"|"random_card"|"expert_bot"'],
      [`/api/lobby/${lobbyID}/add_bot`, { bot_name: 'super_bot' }, 'Invalid bot_name: Invalid option: expected one of "easy_bot"|"basic_bot"|"basic_bot2"|"valid_move"|"random_card"|"expert_bot"'],
      [`/api/lobby/${lobbyID}/set_game_option`, { option: 'hideFavor', value: 'yes' }, 'Invalid value: Invalid input: expected boolean, received string'],
      [`/api/lobby/${lobbyID}/set_game_option`, { option: 'noSuchOption', value: true }, expect.stringMatching(/^Invalid option: Invalid option: expected one of "tradeRowSlide"\|/) as unknown as string],
      [`/api/lobby/${lobbyID}/set_module`, { module: 'altleaders', enabled: 1 }, 'Invalid enabled: Invalid input: expected boolean, received number'],
      [`/api/lobby/${lobbyID}/set_module`, { module: 'expansion9', enabled: true }, 'Invalid module: Invalid option: expected one of "conquest"|"beta"|"altleaders"|"noupgrade"|"legacy"'],
      [`/api/lobby/${lobbyID}/remove_player`, { player_id: 7 }, 'Invalid player_id: Invalid input: expected string, received number'],
      [`/api/lobby/${lobbyID}/remove_player`, {}, 'Invalid player_id: Invalid input: expected string, received undefined'],
    ];
    for (const [route, body, message] of cases) {
      const answer = await host.call('POST', route, body);
      expect(answer.status, `${route} ${JSON.stringify(body)}`).toBe(400);
      expect(answer.json, `${route} ${JSON.stringify(body)}`).toEqual({ ok: false, error: message });
    }
    const history = await host.call('GET', '/api/game_history_list?includeBots=maybe');
    expect([history.status, history.json]).toEqual([400, { ok: false, error: 'Invalid includeBots: Invalid option: expected one of "0"|"1"|"true"|"false"' }]);
  });

  it('the /auth routes refuse bad names with 400 and a plain message', async () => {
    for (const body of [{ username: '' }, { username: 5 }, { username: '   ' }, 'Ann', null, [1]]) {
      const answer = await anonymous.call('POST', '/auth/guest', body);
      expect([answer.status, answer.text], JSON.stringify(body)).toEqual([400, 'Enter a name.']);
    }
    const long = await anonymous.call('POST', '/auth/guest', { username: 'Thirteen char' });
    expect([long.status, long.text]).toEqual([400, 'A name has at most 12 characters.']);
    for (const body of [{ newName: [1] }, { newName: '' }, null]) {
      const answer = await stranger.call('POST', '/auth/change-name', body);
      expect([answer.status, answer.text], JSON.stringify(body)).toEqual([400, 'Enter a name.']);
    }
  });

  it('GraphQL: bad parameters get 400 with a message in the errors array', async () => {
    const cases: [unknown, string][] = [
      [{}, 'Must provide query string.'],
      [{ query: 5 }, 'The query must be a string.'],
      [{ query: '{ lobbies { id } }', variables: [1] }, 'The variables must be a JSON object.'],
      [{ query: '{ lobbies { id } }', operationName: 7 }, 'The operationName must be a string.'],
      [{ query: '{ lobbies { id }' }, 'Syntax Error: Expected Name, found <EOF>.'],
    ];
    for (const [body, message] of cases) {
      const answer = await host.call('POST', '/api/graphql', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.json.errors[0].message, JSON.stringify(body)).toBe(message);
    }
    const badVariables = await host.raw('GET', `/api/graphql?query=${encodeURIComponent('{ lobbies { id } }')}&variables=%7B`, undefined);
    expect([badVariables.status, badVariables.json]).toEqual([400, { errors: [{ message: 'Variables are invalid JSON.' }] }]);
    const wrongType = await host.graphql('query ($id: ID!) { user(id: $id) { name } }', { id: [1] });
    expect(wrongType.json.errors[0].message).toBe('Variable "$id" got invalid value [1]; ID cannot represent value: [1]');
    // It cannot run, as a syntax error cannot: 400 with no data, not a 200 a client reads as answered.
    expect(wrongType.status).toBe(400);
    expect(wrongType.json).not.toHaveProperty('data');
    const missing = await host.call('POST', '/api/graphql', { query: 'query ($id: ID!) { user(id: $id) { name } }' });
    expect([missing.status, missing.json.errors[0].message]).toEqual([400, 'Variable "$id" of required type "ID!" was not provided.']);
  });
});

/** The three seats of the rules game: the host and two others, all humans, driven over REST. */
describe('add_action: every rule, each message exact', () => {
  let gameID: string;
  let seats: Session[];
  const asserted = new Set<string>();

  const state = async (s: Session) => (await s.call('GET', `/api/game/${gameID}/state`)).json;
  const act = (s: Session, action: unknown) => s.call('POST', `/api/game/${gameID}/add_action`, { action });
  async function accepted(s: Session, action: unknown) {
    const answer = await act(s, action);
    expect(answer.json, `${JSON.stringify(action)}: ${answer.text}`).toEqual({ ok: true, sequenceID: expect.any(Number) });
  }
  async function refused(s: Session, action: unknown, message: string, code: string, status = 400) {
    const answer = await act(s, action);
    expect(answer.status, `${JSON.stringify(action)} -> ${answer.text}`).toBe(status);
    expect(answer.json).toEqual({ ok: false, error: message, code });
    asserted.add(code);
  }
  const decision = async (s: Session) => pendingDecision(await state(s), s.userID);
  const phase = async () => (await state(seats[0]!)).phase as string;

  /** A basic card that costs nothing and gives gold: resolving it keeps everyone rich. */
  function freeGoldCard(view: any): number {
    return view.basicPile.find((id: number) => view.cardsByID[id].cost === 0 && view.cardsByID[id].abilities.some((a: string) => /^gain-on-acquire \d+G$/.test(a)));
  }
  async function declineAll() {
    while ((await phase()) === 'WAR') {
      for (const s of seats) {
        const d = await decision(s);
        if (d?.type === 'REROLL') await accepted(s, { type: 'REROLL', rollSelection: { rerollType: 'decline', rerollRound: d.rerollRound } });
      }
    }
  }
  async function resolveAll() {
    for (const s of seats) {
      const view = await state(s);
      if (view.phase === 'RESOLUTION' && pendingDecision(view, s.userID)?.type === 'RESOLVE') {
        await accepted(s, { type: 'RESOLVE', resolve: { cardIDToGain: freeGoldCard(view) } });
      }
    }
  }
  /** Bids for whoever has not bid yet: all on one trade row slot, bidding nothing. */
  async function bidAll(tradeRowIndex = 0) {
    for (const s of seats) if ((await decision(s))?.type === 'BID') await accepted(s, { type: 'BID', bid: { military: 0, tradeRowIndex } });
  }

  /**
   * Reroll tokens, so that clash losers come to decide; a fresh, bigger trade row every turn, so
   * that many cards are seen (one costing war tokens among them).
   */
  async function newRulesGame() {
    const lobbyID = await newLobby(host);
    for (const s of [other, stranger]) expect((await s.call('POST', `/api/lobby/${lobbyID}/join`, {})).status).toBe(200);
    for (const option of ['rerollTokens', 'wipeTradeRow', 'biggerTradeRow']) {
      expect((await host.call('POST', `/api/lobby/${lobbyID}/set_game_option`, { option, value: true })).status).toBe(200);
    }
    gameID = (await host.call('POST', `/api/lobby/${lobbyID}/start`, {})).json.gameID;
  }

  beforeAll(async () => {
    seats = [host, other, stranger];
    await newRulesGame();
  });

  it('planning: the bid rules, unbid, and actions of other phases', async () => {
    const view = await state(host);
    expect(view.phase).toBe('PLANNING');
    const bid = pendingDecision(view, host.userID);
    if (bid?.type !== 'BID') throw new Error('expected a bid decision');
    const max = bid.maxMilitary;
    expect(max).toBeGreaterThan(0);

    const anon = await anonymous.call('POST', `/api/game/${gameID}/add_action`, { action: { type: 'UNBID' } });
    expect([anon.status, anon.json]).toEqual([401, LOGGED_OUT]);
    await refused(dev, { type: 'BID', bid: { military: 0, tradeRowIndex: 0 } }, 'invalid userID', 'action/invalid-user');
    await refused(host, { type: 'UNBID' }, 'no bid to unbid', 'unbid/no-bid');
    await refused(host, { type: 'REROLL', rollSelection: { rerollType: 'decline', rerollRound: 0 } }, 'You can only reroll during the war phase.', 'reroll/out-of-phase');
    await refused(host, { type: 'RESOLVE', resolve: { cardIDToGain: freeGoldCard(view) } }, 'You can only gain a card during the resolution phase.', 'resolve/out-of-phase');
    for (const military of [max + 1, -1, 1.5, 1e9]) {
      await refused(host, { type: 'BID', bid: { military, tradeRowIndex: 0 } }, `Invalid military bid: ${military}. Max bid: ${max}`, 'bid/invalid-military');
    }
    for (const tradeRowIndex of [view.tableIDs.length, -1, 0.5, 99]) {
      await refused(host, { type: 'BID', bid: { military: 0, tradeRowIndex } }, 'Invalid trade row index.', 'bid/invalid-trade-row-index');
    }
    await accepted(host, { type: 'BID', bid: { military: max, tradeRowIndex: 1 } });
    await refused(host, { type: 'BID', bid: { military: 0, tradeRowIndex: 0 } }, 'bid already submitted', 'bid/already-submitted');
    await accepted(host, { type: 'UNBID' });
    await refused(host, { type: 'UNBID' }, 'no bid to unbid', 'unbid/no-bid');
    await accepted(host, { type: 'BID', bid: { military: 0, tradeRowIndex: 0 } });
    await refused(host, { type: 'BID', bid: { military: 0, tradeRowIndex: 0 } }, 'bid already submitted', 'bid/already-submitted');
  });

  it('resolution: the resolve rules, and bids, unbids and rerolls out of phase', async () => {
    await bidAll(0);
    await declineAll();
    expect(await phase()).toBe('RESOLUTION');
    const view = await state(host);
    const clashedCard = view.tableIDs[0];
    const loser = seats.find((s) => s.userID !== view.winnersByTradeRowIndex[0])!;

    await refused(host, { type: 'BID', bid: { military: 0, tradeRowIndex: 0 } }, 'You can only bid during the planning phase.', 'bid/out-of-phase');
    await refused(host, { type: 'UNBID' }, 'cannot unbid after planning phase', 'unbid/out-of-phase');
    await refused(host, { type: 'REROLL', rollSelection: { rerollType: 'decline', rerollRound: 0 } }, 'You can only reroll during the war phase.', 'reroll/out-of-phase');
    await refused(loser, { type: 'RESOLVE', resolve: { cardIDToGain: clashedCard } }, 'Invalid card selection.', 'resolve/invalid-card');
    await refused(loser, { type: 'RESOLVE', resolve: { cardIDToGain: view.tableIDs[1] } }, 'Invalid card selection.', 'resolve/invalid-card');
    await refused(loser, { type: 'RESOLVE', resolve: { cardIDToGain: 99_999 } }, 'card to gain not found', 'resolve/card-not-found');
    const loserView = await state(loser);
    const me = loserView.players.find((p: any) => p.userID === loser.userID);
    const dear = loserView.basicPile.find((id: number) => goldCost(loserView, me, id) > me.counters.gold);
    expect(dear, 'a basic card the loser cannot afford').toBeDefined();
    await refused(loser, { type: 'RESOLVE', resolve: { cardIDToGain: dear } }, 'Not enough gold', 'resolve/not-enough-gold');
    await accepted(loser, { type: 'RESOLVE', resolve: { cardIDToGain: freeGoldCard(view) } });
    await refused(loser, { type: 'RESOLVE', resolve: { cardIDToGain: freeGoldCard(view) } }, 'resolve already submitted', 'resolve/already-submitted');
    await resolveAll();
    expect(await phase()).toBe('PLANNING');
  });

  it('war: the reroll rules, once two clash losers hold reroll tokens', async () => {
    // Everyone bids nothing on one card: ties are rolled off, and losers who bid at least the
    // winner's bonus earn a reroll token, so within three turns two losers must decide.
    for (let turn = 0; turn < 4; turn++) {
      await bidAll(0);
      const view = await state(host);
      const deciding: Session[] = [];
      for (const s of seats) if ((await decision(s))?.type === 'REROLL') deciding.push(s);
      if (deciding.length === 2) {
        const [first, second] = deciding as [Session, Session];
        const winner = seats.find((s) => !deciding.includes(s))!;
        const round = view.rerollRound;
        await refused(first, { type: 'REROLL', rollSelection: { rerollType: 'decline', rerollRound: round + 1 } }, 'reroll count does not match', 'reroll/round-mismatch');
        await refused(first, { type: 'REROLL', rollSelection: { rerollType: 'maybe', rerollRound: round } }, 'invalid reroll type', 'reroll/invalid-type');
        await refused(winner, { type: 'REROLL', rollSelection: { rerollType: 'decline', rerollRound: round } }, 'You have no reroll to decide.', 'reroll/not-eligible');
        await refused(first, { type: 'BID', bid: { military: 0, tradeRowIndex: 0 } }, 'You can only bid during the planning phase.', 'bid/out-of-phase');
        await refused(first, { type: 'UNBID' }, 'cannot unbid after planning phase', 'unbid/out-of-phase');
        await refused(first, { type: 'RESOLVE', resolve: { cardIDToGain: freeGoldCard(view) } }, 'You can only gain a card during the resolution phase.', 'resolve/out-of-phase');
        await accepted(first, { type: 'REROLL', rollSelection: { rerollType: 'decline', rerollRound: round } });
        await refused(first, { type: 'REROLL', rollSelection: { rerollType: 'decline', rerollRound: round } }, 'reroll already submitted', 'reroll/already-submitted');
        await refused(first, { type: 'REROLL', rollSelection: { rerollType: 'reroll', rerollRound: round } }, 'reroll already submitted', 'reroll/already-submitted');
        await accepted(second, { type: 'REROLL', rollSelection: { rerollType: 'reroll', rerollRound: round } });
      }
      await declineAll();
      await resolveAll();
      if (asserted.has('reroll/already-submitted')) return;
    }
    throw new Error('no war with two deciding losers within four turns');
  });

  it('resolution: Not enough Clash tokens, for a card won that needs war tokens', async () => {
    // Cards that cost war tokens come up at random (in most games, early); whoever can pay
    // their gold bids alone on one. Should a game show none, another is played.
    for (let games = 1; !asserted.has('resolve/not-enough-war-tokens') && games <= 4; ) {
      const view = await state(host);
      if (view.gameEndTimestamp !== null) {
        await newRulesGame();
        games++;
        continue;
      }
      const slot = view.tableIDs.findIndex((id: number | null) => id !== null && (view.cardsByID[id].additionalCosts?.warTokens ?? 0) > 0);
      let buyer: Session | undefined;
      if (slot >= 0) {
        const card = view.tableIDs[slot];
        for (const s of seats) {
          const own = await state(s);
          const me = own.players.find((p: any) => p.userID === s.userID);
          if (goldCost(own, me, card) <= me.counters.gold && me.counters.warTokens < own.cardsByID[card].additionalCosts.warTokens) buyer = s;
        }
      }
      if (buyer) await accepted(buyer, { type: 'BID', bid: { military: 0, tradeRowIndex: slot } });
      await bidAll(slot === 0 ? 1 : 0);
      await declineAll();
      if (buyer) {
        const card = view.tableIDs[slot];
        expect((await state(buyer)).winnersByTradeRowIndex[slot]).toBe(buyer.userID);
        await refused(buyer, { type: 'RESOLVE', resolve: { cardIDToGain: card } }, 'Not enough Clash tokens', 'resolve/not-enough-war-tokens');
      }
      await resolveAll();
    }
    expect(asserted.has('resolve/not-enough-war-tokens'), 'no card costing war tokens could be won in four games').toBe(true);
  });

  it('after the end: The game is over.', async () => {
    while ((await state(host)).gameEndTimestamp === null) {
      await bidAll(0);
      await declineAll();
      await resolveAll();
    }
    await refused(host, { type: 'BID', bid: { military: 0, tradeRowIndex: 0 } }, 'The game is over.', 'action/game-over');
    await refused(dev, { type: 'UNBID' }, 'invalid userID', 'action/invalid-user');
  });

  it('unbid is refused when the option is off', async () => {
    const lobbyID = await newLobby(host);
    await host.call('POST', `/api/lobby/${lobbyID}/add_bot`, { bot_name: 'easy_bot' });
    expect((await host.call('POST', `/api/lobby/${lobbyID}/set_game_option`, { option: 'unbid', value: false })).json).toEqual({ ok: true });
    const started = (await host.call('POST', `/api/lobby/${lobbyID}/start`, {})).json.gameID;
    const answer = await host.call('POST', `/api/game/${started}/add_action`, { action: { type: 'UNBID' } });
    expect([answer.status, answer.json]).toEqual([400, { ok: false, error: 'unbid is not enabled', code: 'unbid/not-enabled' }]);
    asserted.add('unbid/not-enabled');
  });

  /**
   * The tests above together reach every rule error a player can reach. That needs them all, so
   * it is checked once they have all run and passed, not as a test of its own (which would pass
   * only after the others, in file order); run alone, a test leaves it unchecked.
   */
  // eslint-disable-next-line no-empty-pattern -- vitest reads a hook's first parameter as its fixtures: it must be a pattern.
  afterAll(({}, suite) => {
    if (!suite.tasks.every((task) => task.result?.state === 'pass')) return;
    // 'Missing bid.' cannot happen through the protocol: resolution starts only once everyone bid.
    // 'no reroll tokens' neither: only a loser holding a token is asked to reroll.
    // A save version mismatch needs a stored game of another version.
    expect([...asserted].sort()).toEqual(
      [
        'action/game-over',
        'action/invalid-user',
        'bid/already-submitted',
        'bid/invalid-military',
        'bid/invalid-trade-row-index',
        'bid/out-of-phase',
        'reroll/already-submitted',
        'reroll/invalid-type',
        'reroll/not-eligible',
        'reroll/out-of-phase',
        'reroll/round-mismatch',
        'resolve/already-submitted',
        'resolve/card-not-found',
        'resolve/invalid-card',
        'resolve/not-enough-gold',
        'resolve/not-enough-war-tokens',
        'resolve/out-of-phase',
        'unbid/no-bid',
        'unbid/not-enabled',
        'unbid/out-of-phase',
      ].sort(),
    );
  });
});

describe('/channel refusals: an error message on the socket, and the socket keeps working', () => {
  let gameID: string;
  let lobbyID: string;
  beforeAll(async () => {
    lobbyID = await newLobby(host);
    gameID = await startedGame(host);
  });

  /** A HS256 token signed like the server's (the test server's secret is known). */
  function token(claims: Record<string, unknown>, secret = 'test-secret'): string {
    const part = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
    return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
  }

  async function stillWorks(socket: Channel) {
    const update = await socket.ask({ type: 'subscribe', topic: `game/${gameID}` });
    expect(update).toMatchObject({ type: 'topic', topic: `game/${gameID}`, data: { sequenceID: expect.any(Number), game: { id: gameID } } });
    expect(await socket.quiet({ type: 'unsubscribe', topic: `game/${gameID}` })).toEqual([]);
  }

  it('a bad, expired, foreign, orphaned, sessionless or endless JWT gets Invalid JWT and an anonymous socket', async () => {
    const now = Math.floor(Date.now() / 1000);
    // The server's own claims (the session it names is opaque here), signed again at will.
    const claims = JSON.parse(Buffer.from(host.jwt.split('.')[1]!, 'base64url').toString());
    const tokens = [
      'garbage',
      '',
      token({ ...claims, iat: now - 7200, exp: now - 3600 }),
      token({ ...claims, iat: now, exp: now + 600 }, 'another-secret'),
      token({ ...claims, sub: 'u_nobody', iat: now, exp: now + 600 }),
      token({ sub: host.userID, iat: now, exp: now + 600 }),
      token({ ...claims, sid: 'no-such-session', iat: now, exp: now + 600 }),
      token({ ...claims, iat: now, exp: undefined }),
      `${host.jwt.slice(0, -2)}xx`,
    ];
    for (const jwt of tokens) {
      const socket = await channel(server.url, { jwt });
      if (jwt === '') {
        // An empty jwt parameter is no token at all: the socket is simply anonymous.
        expect(await socket.ask({ type: 'subscribe', topic: 'lobby_list' })).toEqual({ type: 'error', message: 'You must be logged in to subscribe to lobby_list.' });
      } else {
        expect(await socket.until(() => true)).toEqual({ type: 'error', message: 'Invalid JWT' });
        expect(await socket.ask({ type: 'subscribe', topic: `game/${gameID}` })).toEqual({ type: 'error', message: `You must be logged in to subscribe to game/${gameID}.` });
      }
      expect(socket.socket.readyState).toBe(socket.socket.OPEN);
      await socket.close();
    }
    // The same token, valid, works.
    const fine = await channel(server.url, { jwt: token({ ...claims, iat: now, exp: now + 600 }) });
    await stillWorks(fine);
    await fine.close();
  });

  it('bad messages, forbidden and unknown topics: each an error, then the socket still works', async () => {
    const socket = await channel(server.url, { jwt: stranger.jwt });
    const cases: [unknown, string][] = [
      ['hello', 'Invalid message: not JSON.'],
      ['{"type": "subscribe", "topic": ', 'Invalid message: not JSON.'],
      [JSON.stringify({ type: 'publish', topic: 'lobby_list' }), 'Unknown message type: publish'],
      [JSON.stringify({ type: 5 }), 'Unknown message type: 5'],
      ['{}', 'Invalid message: it has no type.'],
      ['null', 'Invalid message: it has no type.'],
      ['[1, 2]', 'Invalid message: it has no type.'],
      ['42', 'Invalid message: it has no type.'],
      [JSON.stringify({ type: 'subscribe' }), 'Invalid topic: Invalid input: expected string, received undefined'],
      [JSON.stringify({ type: 'subscribe', topic: 5 }), 'Invalid topic: Invalid input: expected string, received number'],
      [JSON.stringify({ type: 'subscribe', topic: 'news' }), 'Unknown topic: news'],
      [JSON.stringify({ type: 'subscribe', topic: 'game/' }), 'Unknown topic: game/'],
      [JSON.stringify({ type: 'subscribe', topic: `game/${gameID}/extra` }), `Unknown topic: game/${gameID}/extra`],
      [JSON.stringify({ type: 'subscribe', topic: 'chat/general' }), 'Unknown topic: chat/general'],
      [JSON.stringify({ type: 'unsubscribe', topic: 'news' }), 'Unknown topic: news'],
      [JSON.stringify({ type: 'subscribe', topic: `inbox/${host.userID}/game/${gameID}` }), `You may not subscribe to inbox/${host.userID}/game/${gameID}.`],
      [JSON.stringify({ type: 'subscribe', topic: `inbox/${stranger.userID}/game/${gameID}` }), `You may not subscribe to inbox/${stranger.userID}/game/${gameID}.`],
      [JSON.stringify({ type: 'subscribe', topic: 'game/g_nothing' }), 'Game g_nothing not found.'],
      [JSON.stringify({ type: 'subscribe', topic: 'lobby/l_nothing' }), 'Lobby l_nothing not found.'],
      [JSON.stringify({ type: 'subscribe', topic: 'chat/lobby/l_nothing' }), 'Unknown chat room: lobby/l_nothing'],
      [JSON.stringify({ type: 'chat', room: 'lobby/l_nothing', message: 'hi' }), 'Unknown chat room: lobby/l_nothing'],
      [JSON.stringify({ type: 'chat', room: 'general', message: 'hi' }), 'Unknown chat room: general'],
      [JSON.stringify({ type: 'chat', room: `lobby/${lobbyID}`, message: '   ' }), 'A message cannot be empty.'],
      [JSON.stringify({ type: 'chat', room: `lobby/${lobbyID}`, message: 'x'.repeat(501) }), 'A message has at most 500 characters.'],
      [JSON.stringify({ type: 'chat', room: `lobby/${lobbyID}`, message: 5 }), 'Invalid message: Invalid input: expected string, received number'],
      [JSON.stringify({ type: 'chat', message: 'hi' }), 'Invalid room: Invalid input: expected string, received undefined'],
    ];
    for (const [message, error] of cases) {
      expect(await socket.ask(message as string), String(message)).toEqual({ type: 'error', message: error });
    }
    expect(socket.socket.readyState).toBe(socket.socket.OPEN);
    await stillWorks(socket);

    // Chat still flows on the same socket (marked as a spectator's: the stranger is not in the lobby).
    expect(await socket.quiet({ type: 'subscribe', topic: `chat/lobby/${lobbyID}` })).toEqual([]);
    expect(await socket.ask({ type: 'chat', room: `lobby/${lobbyID}`, message: '  still here  ' })).toEqual({
      type: 'chat',
      userID: stranger.userID,
      room: `lobby/${lobbyID}`,
      message: 'still here',
      spectator: true,
    });
    await socket.close();
  });

  it('a player may subscribe to their own inbox; a cookie works as well as a JWT', async () => {
    const socket = await channel(server.url, { cookie: host.cookie });
    const inbox = await socket.ask({ type: 'subscribe', topic: `inbox/${host.userID}/game/${gameID}` });
    expect(inbox).toMatchObject({ type: 'topic', topic: `inbox/${host.userID}/game/${gameID}`, data: { game: { id: gameID, viewerID: host.userID } } });
    await socket.close();
  });
});
