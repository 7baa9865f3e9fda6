/**
 * Weaknesses a tenth security review found (an id with a NUL character, a server fault on
 * PostgreSQL; renames, each a change of every lobby the person sits in, and a game left again and
 * again, each a change of its lobby, counted among no lobby changes), each proved here before it
 * was fixed.
 */
import { describe, expect, test } from 'vitest';
import { DATABASES, useServer } from './databases.js';
import { refused, signInRoles, type Roles } from './roles.js';
import { signInGuest } from './support.js';

describe.each(DATABASES)('an id with a NUL character on %s', (database) => {
  const suite = useServer<Roles>(database, { setup: (server) => signInRoles(server), teardown: (roles) => roles.close() });

  test('is refused in one sentence on every door, not answered as a server fault', async () => {
    // PostgreSQL's text cannot hold U+0000 and fails the query: every id sent with one (a game's,
    // a lobby's, a user's, a Play now pressID) was a 500 and an error logged with its stack. One
    // address made 598 of them in 10 s through REST's state, 1.6 MB of error log.
    const { server } = suite();
    const { host } = suite().data;
    const message = 'Nothing here holds a NUL character (U+0000): take it out of what you send.';
    const refusal = { code: 'BAD_REQUEST', httpStatus: 400, message, ruleCode: null };
    expect(await refused(host.client.games.state.query({ gameID: 'g_\u0000' }))).toEqual(refusal);
    expect(await refused(host.client.games.settings.query({ gameID: 'g_\u0000' }))).toEqual(refusal);
    expect(await refused(host.client.lobbies.get.query({ lobbyID: 'l_\u0000' }))).toEqual(refusal);
    expect(await refused(host.client.users.byIDs.query({ ids: ['u_\u0000'] }))).toEqual(refusal);
    expect(await refused(host.client.ratings.whyUnrated.query({ gameID: 'g_\u0000' }))).toEqual(refusal);
    expect(await refused(host.client.lobbies.playNow.join.mutate({ size: 2, pressID: 'press\u0000' }))).toEqual(refusal);
    // Nothing of the press was kept: the same press without the NUL starts a wait.
    expect(await host.client.lobbies.playNow.status.query()).toMatchObject({ mine: null });

    const rest = await fetch(`${server.url}/api/game/g_%00/state`, { headers: { cookie: host.cookie } });
    expect([rest.status, await rest.json()]).toEqual([400, { ok: false, error: message }]);
    const graphql = await fetch(`${server.url}/api/graphql`, {
      method: 'POST',
      headers: { cookie: host.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ user(id: "u_\\u0000") { name } }' }),
    });
    expect(await graphql.json()).toMatchObject({ data: { user: null }, errors: [{ message }] });
    // Names and messages still lose their control characters, as before.
    expect((await host.client.session.rename.mutate({ name: 'Ha\u0000na' })).name).toBe('Hana');
  });
});

describe.each(DATABASES)('a rename on %s', (database) => {
  const suite = useServer(database, { config: { lobbyChangesPerUser: 4 } });

  test("counts among the person's lobby changes: it moves on every lobby they sit in", async () => {
    // A rename moves on each lobby the person sits in (open, or on the list), so its watchers and
    // the list's are sent it anew, but it counted only among the address's requests: one account
    // seated in eleven lobbies renamed 600 times in 10 s, 6,600 lobby changes, each lobby sent to
    // its watchers 60 times a second, where its host may change it 3 times.
    const { server } = suite();
    const [ann, bob] = await Promise.all([signInGuest(server, 'Ann'), signInGuest(server, 'Bob')]);
    try {
      await ann.client.lobbies.create.mutate();
      const { id: bobsLobby } = await bob.client.lobbies.create.mutate();
      await ann.client.lobbies.join.mutate({ lobbyID: bobsLobby });
      const before = (await bob.client.lobbies.get.query({ lobbyID: bobsLobby })).sequenceID;
      // Two lobby changes made, two left of four.
      expect((await ann.client.session.rename.mutate({ name: 'Anna' })).name).toBe('Anna');
      expect((await ann.client.session.rename.mutate({ name: 'Ann' })).name).toBe('Ann');
      const message = 'You are renaming too fast: a rename changes every lobby you are in. Wait a moment.';
      expect(await refused(ann.client.session.rename.mutate({ name: 'Annie' }))).toEqual({ code: 'TOO_MANY_REQUESTS', httpStatus: 429, message, ruleCode: null });
      const byAuth = await fetch(`${server.url}/auth/change-name`, {
        method: 'POST',
        headers: { cookie: ann.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ newName: 'Annie' }),
      });
      expect([byAuth.status, await byAuth.text()]).toEqual([429, message]);
      // One budget with the other lobby changes.
      expect(await refused(ann.client.lobbies.leave.mutate({ lobbyID: bobsLobby }))).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: 'You are changing lobbies too fast. Wait a moment.' });
      const lobby = await bob.client.lobbies.get.query({ lobbyID: bobsLobby });
      expect([lobby.sequenceID - before, lobby.players.map((p) => p.name)]).toEqual([2, ['Bob', 'Ann']]);
    } finally {
      ann.close();
      bob.close();
    }
  });
});

describe.each(DATABASES)('leaving a game already left on %s', (database) => {
  const suite = useServer(database);

  test("changes nothing: its lobby's watchers and the list's are not told again", async () => {
    // Each games.leave told the game's lobby that someone left (a lobby change, to its watchers and
    // the list's), whether or not its caller had left before, counted only among the address's
    // requests: a player who had left could move the lobby on 60 times a second for as long as
    // another person still played.
    const { server } = suite();
    const [ann, bob] = await Promise.all([signInGuest(server, 'Ann'), signInGuest(server, 'Bob')]);
    try {
      const { id: lobbyID } = await ann.client.lobbies.create.mutate();
      await bob.client.lobbies.join.mutate({ lobbyID });
      await ann.client.lobbies.setTurnTimer.mutate({ lobbyID, turnTimer: 'off' });
      const { gameID } = await ann.client.lobbies.start.mutate({ lobbyID });
      const started = (await bob.client.lobbies.get.query({ lobbyID })).sequenceID;
      expect(await ann.client.games.leave.mutate({ gameID })).toEqual({ ok: true });
      const left = await bob.client.lobbies.get.query({ lobbyID });
      expect([left.sequenceID - started, left.players.map((p) => [p.name, p.left])]).toEqual([1, [['Ann', true], ['Bob', false]]]);
      // Again, as a second tab would: answered as before, and nothing moves.
      for (let i = 0; i < 5; i++) expect(await ann.client.games.leave.mutate({ gameID })).toEqual({ ok: true });
      expect((await bob.client.lobbies.get.query({ lobbyID })).sequenceID).toBe(left.sequenceID);
    } finally {
      ann.close();
      bob.close();
    }
  });
});
