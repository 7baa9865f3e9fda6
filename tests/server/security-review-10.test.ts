/**
 * Weaknesses a tenth security review found (an id with a NUL character, a server fault on
 * PostgreSQL), each proved here before it was fixed.
 */
import { describe, expect, test } from 'vitest';
import { DATABASES, useServer } from './databases.js';
import { refused, signInRoles, type Roles } from './roles.js';

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
