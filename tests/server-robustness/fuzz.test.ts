/**
 * Bad input never crashes the server or corrupts a game. Hand-written cases first (malformed
 * JSON, wrong types, bodies over the 64 KB limit, unknown ids, moves out of phase or by people
 * who are not playing, unknown routes, broken tRPC batches, junk websocket frames), then a
 * seeded fast-check fuzz loop of a few thousand requests against the same routes on loopback.
 * Every answer must be a 4xx with a clear message (or a success), never a 5xx; afterwards every
 * stored game still re-derives from its actions and the server plays a normal game to its end.
 */
import fc from 'fast-check';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestJWT } from '../compat/protocol-client.js';
import { signInGuest, startServer, type Guest, type Server } from '../server/support.js';
import { decide, hasDecision, playSeat, replayStored, seededRng, until } from './helpers.js';

interface Answer {
  status: number;
  message: string;
}

/** The human-readable message of an error answer, in any of the app's shapes. */
function messageOf(text: string, contentType: string | null): string {
  if (contentType?.includes('json')) {
    try {
      const body = JSON.parse(text) as unknown;
      const first = Array.isArray(body) ? body.find((x) => (x as { error?: unknown })?.error) ?? body[0] : body;
      const error = (first as { error?: unknown } | null)?.error;
      if (typeof error === 'string') return error;
      const nested = (error as { message?: unknown; json?: { message?: unknown } } | undefined)?.message ?? (error as { json?: { message?: unknown } } | undefined)?.json?.message;
      if (typeof nested === 'string') return nested;
      const message = (first as { message?: unknown } | null)?.message;
      return typeof message === 'string' ? message : '';
    } catch {
      return '';
    }
  }
  return text.trim();
}

const UNCLEAR = /^(|Something went wrong.*|Internal Server Error|undefined|null|\[object Object\])$/i;

describe('bad input', () => {
  let server: Server;
  let host: Guest;
  let other: Guest;
  let outsider: Guest;
  let gameID: string;
  let lobbyID: string;
  const problems: string[] = [];

  /** Sends one request; records a problem unless the answer is a success or a clear 4xx. */
  async function send(method: string, path: string, init: { body?: string | Buffer; headers?: Record<string, string> } = {}): Promise<Answer> {
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${server.url}${path}`, { method, body: init.body, headers: init.headers, redirect: 'manual', signal: AbortSignal.timeout(10_000) });
      text = await response.text();
    } catch (error) {
      problems.push(`${method} ${path.slice(0, 120)} ${String(init.body ?? '').slice(0, 120)} -> no answer: ${String(error)}`);
      return { status: 0, message: String(error) };
    }
    const answer = { status: response.status, message: response.status >= 400 ? messageOf(text, response.headers.get('content-type')) : '' };
    // A HEAD answer has no body: its status line is all there is.
    if (answer.status >= 500 || (answer.status >= 400 && method !== 'HEAD' && UNCLEAR.test(answer.message))) {
      problems.push(`${method} ${path.slice(0, 120)} ${String(init.body ?? '').slice(0, 120)} -> ${answer.status} ${text.slice(0, 200)}`);
    }
    return answer;
  }

  const json = (cookie: string | null = null): Record<string, string> => ({ 'content-type': 'application/json', ...(cookie ? { cookie } : {}) });
  const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));

  beforeAll(async () => {
    server = await startServer();
    host = await signInGuest(server, 'Host');
    other = await signInGuest(server, 'Other');
    outsider = await signInGuest(server, 'Outsider');
    ({ id: lobbyID } = await host.client.lobbies.create.mutate());
    await other.client.lobbies.join.mutate({ lobbyID });
    await host.client.lobbies.addBot.mutate({ lobbyID, botType: 'easy_bot' });
    ({ gameID } = await host.client.lobbies.start.mutate({ lobbyID }));
    // A second, open lobby for the lobby routes to be fuzzed against.
    ({ id: lobbyID } = await host.client.lobbies.create.mutate());
  });

  afterAll(async () => {
    for (const g of [host, other, outsider]) g?.close();
    await server?.close();
  });

  it('answers malformed, mistyped, oversized and misplaced requests with a clear 4xx', async () => {
    const cookie = host.cookie;
    const state = await host.client.games.state.query({ gameID });
    const bid = decide(state, host.userID, seededRng(1))!;
    expect(bid.type).toBe('BID');
    const huge = JSON.stringify({ gameID, action: { type: 'BID', bid: { military: 1, tradeRowIndex: 0 } }, pad: 'x'.repeat(100_000) });

    const cases: [string, string, { body?: string; headers?: Record<string, string> }, number | number[], RegExp?][] = [
      // Malformed JSON and wrong content.
      ['POST', '/trpc/games.act', { body: '{"gameID": ', headers: json(cookie) }, 400],
      ['POST', '/trpc/games.act', { body: 'not json at all', headers: json(cookie) }, 400],
      ['POST', '/trpc/games.act', { body: '', headers: json(cookie) }, 400],
      ['POST', '/api/game/x/add_action', { body: '{"action": {', headers: json(cookie) }, 400],
      ['POST', '/auth/guest', { body: '{"username": ', headers: json() }, 400],
      ['POST', '/auth/guest', { body: '<xml/>', headers: { 'content-type': 'application/xml' } }, [400, 415]],
      // Wrong types.
      ['POST', '/trpc/games.act', { body: JSON.stringify({ gameID: 5, action: bid }), headers: json(cookie) }, 400, /gameID|expected string/i],
      ['POST', '/trpc/games.act', { body: JSON.stringify({ gameID, action: { type: 'BID', bid: { military: 'lots', tradeRowIndex: 0 } } }), headers: json(cookie) }, 400],
      ['POST', '/trpc/games.act', { body: JSON.stringify({ gameID, action: { type: 'FLY' } }), headers: json(cookie) }, 400],
      ['POST', '/trpc/games.act', { body: JSON.stringify([gameID, bid]), headers: json(cookie) }, 400],
      ['POST', '/trpc/games.act', { body: 'null', headers: json(cookie) }, 400],
      ['POST', '/api/game/x/add_action', { body: JSON.stringify({ action: { type: 'BID', bid: null } }), headers: json(cookie) }, 400],
      ['POST', `/api/lobby/${lobbyID}/set_game_option`, { body: JSON.stringify({ option: 'unbid', value: 'yes' }), headers: json(cookie) }, 400],
      ['POST', `/api/lobby/${lobbyID}/add_bot`, { body: JSON.stringify({ bot_name: 'skynet' }), headers: json(cookie) }, 400],
      ['POST', '/auth/guest', { body: JSON.stringify({ username: { $gt: '' } }), headers: json() }, 400],
      ['POST', '/auth/guest', { body: JSON.stringify({ username: 'x'.repeat(13) }), headers: json() }, 400],
      ['POST', '/auth/change-name', { body: JSON.stringify({ newName: ['a'] }), headers: json(cookie) }, 400],
      // Impossible numbers: the engine refuses them as rule errors.
      ...[-1, 1.5, 1e308, 2 ** 53].map(
        (n): [string, string, { body: string; headers: Record<string, string> }, number] => [
          'POST',
          '/trpc/games.act',
          { body: JSON.stringify({ gameID, action: { type: 'BID', bid: { military: n, tradeRowIndex: n } } }), headers: json(cookie) },
          400,
        ],
      ),
      ['POST', '/trpc/games.act', { body: JSON.stringify({ gameID, action: { type: 'REROLL', rollSelection: { rerollType: 'double', rerollRound: 0 } } }), headers: json(cookie) }, 400],
      // Bodies over the 64 KB limit.
      ['POST', '/trpc/games.act', { body: huge, headers: json(cookie) }, 413],
      ['POST', `/api/game/${gameID}/add_action`, { body: huge, headers: json(cookie) }, 413],
      ['POST', '/auth/guest', { body: huge, headers: json() }, 413],
      ['POST', '/trpc/chat.send', { body: JSON.stringify({ room: `lobby/${lobbyID}`, message: 'x'.repeat(70_000) }), headers: json(cookie) }, 413],
      // Unknown ids.
      ['GET', `/trpc/games.state?input=${input({ gameID: 'g_nope' })}`, { headers: { cookie } }, 404],
      ['POST', '/trpc/games.act', { body: JSON.stringify({ gameID: 'g_nope', action: bid }), headers: json(cookie) }, 404],
      ['POST', '/trpc/lobbies.join', { body: JSON.stringify({ lobbyID: 'l_nope' }), headers: json(outsider.cookie) }, 404],
      ['GET', `/trpc/users.profile?input=${input({ userID: 'u_nope' })}`, { headers: { cookie } }, 404],
      ['GET', '/api/game/g_nope/state', { headers: { cookie } }, 404],
      ['POST', '/api/lobby/l_nope/start', { body: '{}', headers: json(cookie) }, 404],
      ['GET', `/trpc/games.state?input=${input({ gameID: 'x'.repeat(65) })}`, { headers: { cookie } }, 400],
      // Moves out of phase, and by people who are not playing.
      ['POST', '/trpc/games.act', { body: JSON.stringify({ gameID, action: { type: 'RESOLVE', resolve: { cardIDToGain: 1 } } }), headers: json(cookie) }, 400],
      ['POST', '/trpc/games.act', { body: JSON.stringify({ gameID, action: { type: 'REROLL', rollSelection: { rerollType: 'decline', rerollRound: 0 } } }), headers: json(cookie) }, 400],
      ['POST', '/trpc/games.act', { body: JSON.stringify({ gameID, action: { type: 'UNBID' } }), headers: json(cookie) }, 400],
      ['POST', '/trpc/games.act', { body: JSON.stringify({ gameID, action: bid }), headers: json(outsider.cookie) }, 400],
      ['POST', `/api/game/${gameID}/add_action`, { body: JSON.stringify({ action: bid }), headers: json(outsider.cookie) }, 400],
      ['POST', '/trpc/games.act', { body: JSON.stringify({ gameID, action: bid }), headers: json() }, 401],
      ['POST', '/trpc/games.act', { body: JSON.stringify({ gameID, action: bid }), headers: json('mythos_session=forged') }, 401],
      ['POST', `/trpc/lobbies.start`, { body: JSON.stringify({ lobbyID }), headers: json(outsider.cookie) }, 403],
      ['POST', `/trpc/lobbies.setOption`, { body: JSON.stringify({ lobbyID, option: 'prerollDice', value: true }), headers: json(cookie) }, 403],
      ['POST', `/trpc/lobbies.start`, { body: JSON.stringify({ lobbyID }), headers: json(cookie) }, 409],
      // Unknown routes and methods.
      ['GET', '/api/nothing/here', {}, 404],
      ['POST', '/api/game/x/do_something', { body: '{}', headers: json(cookie) }, 404],
      ['DELETE', '/trpc/games.act', { headers: { cookie } }, [404, 405, 415]],
      ['GET', '/trpc', { headers: { cookie } }, 426],
      ['GET', '/channel?jwt=x', {}, 426],
      ['GET', '/trpc/games.nothing', { headers: { cookie } }, 404],
      ['GET', '/trpc/', { headers: { cookie } }, 426],
      ['POST', '/trpc/games.act.deeper', { body: '{}', headers: json(cookie) }, 404],
      ['GET', '/auth/nowhere', {}, 404],
      ['GET', '/trpc/games.act', { headers: { cookie } }, 405],
      ['POST', '/trpc/games.state', { body: JSON.stringify({ gameID }), headers: json(cookie) }, 405],
      // A subscription over HTTP would hold the request open: websocket only.
      ['GET', `/trpc/games.onGame?input=${input({ gameID })}`, { headers: { cookie } }, 405],
      ['GET', `/trpc/games.state,lobbies.onList?batch=1&input=${input({ 0: { gameID } })}`, { headers: { cookie } }, 405],
      ['GET', `/trpc/games%2EonGame?input=${input({ gameID })}`, { headers: { cookie } }, 405],
      // Bad tRPC batches.
      ['GET', `/trpc/games.state,games.nothing?batch=1&input=${input({ 0: { gameID }, 1: {} })}`, { headers: { cookie } }, [207, 404]],
      ['GET', `/trpc/games.state?batch=1&input=not-json`, { headers: { cookie } }, 400],
      ['GET', `/trpc/games.state,games.state?batch=1&input=${input([1, 2])}`, { headers: { cookie } }, 400],
      ['GET', `/trpc/games.state?batch=1&input=${input({ 0: { gameID: 'g_nope' }, 7: { gameID } })}`, { headers: { cookie } }, 404],
      ['POST', '/trpc/games.act,games.act?batch=1', { body: JSON.stringify({ 0: { gameID, action: { type: 'FLY' } } }), headers: json(cookie) }, 400],
      ['POST', '/trpc/games.act,games.state?batch=1', { body: JSON.stringify({ 0: {}, 1: {} }), headers: json(cookie) }, [400, 405]],
      ['POST', '/trpc/games.act?batch=1', { body: '[]', headers: json(cookie) }, 400],
      ['GET', `/trpc/${'games.state,'.repeat(200)}games.state?batch=1&input={}`, { headers: { cookie } }, [400, 414, 431]],
    ];

    const mismatches: string[] = [];
    for (const [method, path, init, expected, pattern] of cases) {
      const answer = await send(method, path, init);
      const allowed = Array.isArray(expected) ? expected : [expected];
      if (!allowed.includes(answer.status) || (pattern && !pattern.test(answer.message))) {
        mismatches.push(`${method} ${path.slice(0, 80)} ${String(init.body ?? '').slice(0, 80)}: ${answer.status} "${answer.message}" (wanted ${allowed.join('/')}${pattern ? ` matching ${pattern}` : ''})`);
      }
    }
    expect(mismatches).toEqual([]);
    expect(problems).toEqual([]);

    // None of it changed the game: the host can still make the move it was about to.
    expect((await host.client.games.state.query({ gameID })).sequenceID).toBe(state.sequenceID);
  });

  it('survives junk websocket frames, and the socket or the next one still works', async () => {
    const jwt = await requestJWT(server.url, host.cookie);
    const wsURL = `${server.url.replace('http', 'ws')}`;
    const frames: (string | Buffer)[] = [
      'not json',
      '{"id":',
      '[]',
      'null',
      '42',
      '{}',
      JSON.stringify({ id: 1, method: 'query' }),
      JSON.stringify({ id: 2, method: 'subscription', params: { path: 'games.onGame', input: { gameID: 'g_nope' } } }),
      JSON.stringify({ id: 3, method: 'subscription', params: { path: 'games.nothing', input: {} } }),
      JSON.stringify({ id: 4, method: 'mutation', params: { path: 'games.act', input: { gameID, action: { type: 'FLY' } } } }),
      JSON.stringify({ id: 5, method: 'mutation', params: { path: 'games.act', input: 'x'.repeat(10) } }),
      JSON.stringify({ id: 6, method: 'subscription.stop' }),
      JSON.stringify({ id: { nested: true }, method: 'query', params: { path: 'session.me' } }),
      JSON.stringify({ id: 7, jsonrpc: '1.0', method: 'query', params: { path: 'session.me', input: null } }),
      JSON.stringify([{ id: 8, method: 'query', params: { path: 'session.me' } }]),
      Buffer.from([0xff, 0xfe, 0x00, 0x01, 0x02]),
      Buffer.from('{"id": 9, "method": "query", "params": {"path": "session.me"}}\u0000'),
    ];

    for (const path of [`/trpc?jwt=${encodeURIComponent(jwt)}`, '/trpc', '/trpc?jwt=forged', `/channel?jwt=${encodeURIComponent(jwt)}`, '/channel?jwt=forged']) {
      const socket = new WebSocket(`${wsURL}${path}`);
      const received: string[] = [];
      socket.on('message', (data: Buffer) => received.push(data.toString()));
      const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
      socket.on('error', () => undefined);
      await new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('error', reject);
      });
      for (const frame of frames) socket.send(frame);
      if (path.startsWith('/channel')) {
        for (const frame of [JSON.stringify({ type: 'subscribe', topic: '../../etc' }), JSON.stringify({ type: 'chat', room: 5 }), JSON.stringify({ type: 'subscribe', topic: `game/${gameID}` })]) socket.send(frame);
      }
      // The same socket still answers a good request after all that junk.
      if (path.startsWith('/trpc')) {
        socket.send(JSON.stringify({ id: 99, method: 'query', params: { path: 'session.me', input: null } }));
        await until(() => received.some((r) => r.includes('"id":99')), 5_000, `the answer to a good request on ${path}`);
      } else {
        await until(() => received.length >= frames.length, 5_000, `an answer to each frame on ${path}`);
      }
      for (const r of received) {
        expect(r).not.toMatch(/INTERNAL_SERVER_ERROR|Something went wrong/);
        const parsed = JSON.parse(r) as { error?: { message?: unknown; code?: unknown }; type?: string; message?: unknown };
        if (parsed.error) expect(String(parsed.error.message ?? '')).not.toMatch(UNCLEAR);
        if (parsed.type === 'error') expect(String(parsed.message)).not.toMatch(UNCLEAR);
      }
      // A frame over the 64 KB limit closes that socket (1009), and nothing else.
      socket.send('x'.repeat(70_000));
      expect(await Promise.race([closed, new Promise((resolve) => setTimeout(() => resolve('still open'), 5_000))])).toBe(1009);
    }
    // The server is still there.
    expect((await host.client.session.me.query())?.id).toBe(host.userID);
  });

  it('answers thousands of fuzzed requests without a 5xx', async () => {
    const cookies = [host.cookie, other.cookie, outsider.cookie, 'mythos_session=forged', ''];
    const ids = [gameID, lobbyID, 'g_nope', 'l_nope', host.userID, '', '..', '%00', 'x'.repeat(70), "'; drop table games; --", '__proto__', 'constructor'];
    const anyJson = fc.oneof(
      { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
      { weight: 1, arbitrary: fc.constantFrom(null, {}, [], '', 0, -1, 1e308, Number.MAX_SAFE_INTEGER, true) },
    );
    const action = fc.oneof(
      fc.record({ type: fc.constant('BID'), bid: fc.record({ military: fc.oneof(fc.integer({ min: -3, max: 12 }), fc.double(), anyJson), tradeRowIndex: fc.oneof(fc.integer({ min: -2, max: 8 }), anyJson) }) }),
      fc.record({ type: fc.constantFrom('UNBID', 'FLY', '', 'bid') }),
      fc.record({ type: fc.constant('REROLL'), rollSelection: fc.record({ rerollType: fc.oneof(fc.constantFrom('reroll', 'decline', 'x'), anyJson), rerollRound: fc.oneof(fc.integer({ min: -1, max: 4 }), anyJson) }) }),
      fc.record({ type: fc.constant('RESOLVE'), resolve: fc.record({ cardIDToGain: fc.oneof(fc.integer({ min: -1, max: 300 }), anyJson) }) }),
      anyJson,
    );
    const id = fc.oneof(fc.constantFrom(...ids), fc.string({ maxLength: 20 }));
    const procedures = [
      'games.act', 'games.state', 'games.history', 'games.onGame', 'lobbies.list', 'lobbies.get', 'lobbies.create', 'lobbies.join', 'lobbies.leave',
      'lobbies.kick', 'lobbies.addBot', 'lobbies.setOption', 'lobbies.setModule', 'lobbies.start', 'chat.history', 'chat.send', 'users.byIDs',
      'users.profile', 'users.devList', 'session.me', 'session.jwt', 'session.rename', 'definitions.get', 'nothing.here',
    ];
    const trpcInput = fc.oneof(
      fc.record({ gameID: id, action }, { requiredKeys: [] }),
      fc.record({ lobbyID: id, playerID: id, botType: fc.constantFrom('easy_bot', 'valid_move', 'x'), option: fc.constantFrom('unbid', 'prerollDice', 'x'), module: fc.constantFrom('conquest', 'x'), value: anyJson, enabled: anyJson }, { requiredKeys: [] }),
      fc.record({ room: fc.oneof(fc.constant(`lobby/${lobbyID}`), id), message: fc.string({ maxLength: 50 }) }, { requiredKeys: [] }),
      fc.record({ ids: fc.array(id, { maxLength: 5 }), userID: id, name: fc.string({ maxLength: 20 }), includeBots: anyJson }, { requiredKeys: [] }),
      anyJson,
    );
    const paths = fc.oneof(
      fc.constantFrom('/api/game_definitions', '/api/game_history_list', '/api/lobby/create', '/auth/jwt', '/auth/guest', '/auth/change-name', '/auth/discord', '/auth/google/callback', '/trpc', '/channel', '/', '/x/../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd'),
      id.map((x) => `/api/game/${encodeURIComponent(x)}/state`),
      fc.tuple(id, fc.constantFrom('add_action', 'state', 'nope')).map(([x, verb]) => `/api/game/${encodeURIComponent(x)}/${verb}`),
      fc.tuple(id, fc.constantFrom('add_bot', 'start', 'set_game_option', 'set_module', 'join', 'remove_player', 'nope')).map(([x, verb]) => `/api/lobby/${encodeURIComponent(x)}/${verb}`),
      fc.string({ maxLength: 30 }).map((x) => `/${encodeURIComponent(x)}`),
    );
    const request = fc.oneof(
      // Moves on the game in play, by its players and others, through tRPC and REST: mostly
      // refused (out of turn, out of phase, not a player, nonsense), now and then taken.
      fc.record({
        kind: fc.constant('act' as const),
        rest: fc.boolean(),
        gameID: fc.oneof({ weight: 4, arbitrary: fc.constant(gameID) }, { weight: 1, arbitrary: id }),
        action,
        cookie: fc.constantFrom(host.cookie, other.cookie, outsider.cookie),
      }),
      // tRPC, single and batched, by GET and POST.
      fc.record({
        kind: fc.constant('trpc' as const),
        procedures: fc.array(fc.constantFrom(...procedures), { minLength: 1, maxLength: 3 }),
        batch: fc.boolean(),
        method: fc.constantFrom('GET', 'POST'),
        inputs: fc.array(trpcInput, { minLength: 1, maxLength: 3 }),
        cookie: fc.constantFrom(...cookies),
        raw: fc.option(fc.string({ maxLength: 40 }), { freq: 5 }),
      }),
      // REST, auth and everything else.
      fc.record({
        kind: fc.constant('http' as const),
        method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'),
        path: paths,
        query: fc.option(fc.dictionary(fc.constantFrom('input', 'batch', 'redirect', 'code', 'state', 'includeBots', 'userID', 'jwt'), fc.string({ maxLength: 20 })), { freq: 3 }),
        body: fc.oneof(fc.record({ action }), anyJson, fc.record({ username: anyJson, newName: anyJson, bot_name: anyJson, option: anyJson, value: anyJson, player_id: anyJson }, { requiredKeys: [] }), fc.string({ maxLength: 60 })),
        contentType: fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', 'application/json; charset=utf-16', ''),
        cookie: fc.constantFrom(...cookies),
      }),
    );

    const samples = fc.sample(request, { numRuns: 3_000, seed: 20261122 });
    const deadline = Date.now() + 40_000;
    let sent = 0;
    const statuses = new Map<number, number>();
    const next = async (): Promise<void> => {
      while (sent < samples.length && Date.now() < deadline) {
        const r = samples[sent++]!;
        let answer: Answer;
        if (r.kind === 'act') {
          const headers = { 'content-type': 'application/json', cookie: r.cookie };
          answer = r.rest
            ? await send('POST', `/api/game/${encodeURIComponent(r.gameID)}/add_action`, { body: JSON.stringify({ action: r.action }), headers })
            : await send('POST', '/trpc/games.act', { body: JSON.stringify({ gameID: r.gameID, action: r.action }), headers });
        } else if (r.kind === 'trpc') {
          const path = `/trpc/${r.procedures.join(',')}`;
          const packed = r.batch ? Object.fromEntries(r.inputs.map((x, i) => [String(i), x])) : r.inputs[0];
          const encoded = r.raw ?? JSON.stringify(packed ?? null);
          const headers = { 'content-type': 'application/json', ...(r.cookie ? { cookie: r.cookie } : {}) };
          answer =
            r.method === 'GET'
              ? await send('GET', `${path}?${r.batch ? 'batch=1&' : ''}input=${encodeURIComponent(encoded)}`, { headers })
              : await send('POST', `${path}${r.batch ? '?batch=1' : ''}`, { body: encoded, headers });
        } else {
          const query = r.query ? `?${new URLSearchParams(r.query).toString()}` : '';
          const hasBody = !['GET', 'HEAD'].includes(r.method);
          const body = typeof r.body === 'string' ? r.body : JSON.stringify(r.body ?? null);
          const headers: Record<string, string> = { ...(r.contentType && hasBody ? { 'content-type': r.contentType } : {}), ...(r.cookie ? { cookie: r.cookie } : {}) };
          answer = await send(r.method, `${r.path}${query}`, hasBody ? { body, headers } : { headers });
        }
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      }
    };
    await Promise.all(Array.from({ length: 8 }, next));
    console.log(`fuzz: ${sent} requests, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((x, y) => x[0] - y[0])))}`);
    expect(sent).toBeGreaterThanOrEqual(1_000);
    expect(problems.slice(0, 20)).toEqual([]);
  }, 80_000);

  it('leaves every game consistent, and still plays a normal game to its end', async () => {
    const db = server.app.services.db.kysely;
    const games = await db.selectFrom('games').select('id').execute();
    expect(games.length).toBeGreaterThan(0);
    for (const { id } of games) {
      const { stored, replayed } = await replayStored(db, id);
      expect(replayed).toEqual(stored);
    }

    // A fresh game of two people and a bot, played to the end with no refusal.
    const a = await signInGuest(server, 'After1');
    const b = await signInGuest(server, 'After2');
    const { id } = await a.client.lobbies.create.mutate();
    await b.client.lobbies.join.mutate({ lobbyID: id });
    await a.client.lobbies.addBot.mutate({ lobbyID: id, botType: 'easy_bot' });
    const { gameID: fresh } = await a.client.lobbies.start.mutate({ lobbyID: id });
    const seats = [a, b].map((g, i) => playSeat(g.client, fresh, g.userID, seededRng(40 + i)));
    await Promise.all(seats.map((s) => s.done));
    for (const s of seats) expect(s.refusals).toEqual([]);
    const { stored, replayed } = await replayStored(db, fresh);
    expect(stored.gameEndTimestamp).not.toBeNull();
    expect(replayed).toEqual(stored);
    expect(hasDecision(seats[0]!.last!, a.userID)).toBe(false);
    a.close();
    b.close();
  });
});
