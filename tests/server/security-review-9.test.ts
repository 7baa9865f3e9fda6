/**
 * Weaknesses a ninth security review found (a chat message that broke into lines of its own, sign-ins
 * and logouts counted nowhere, a websocket token logged when its parameter's name was escaped),
 * each proved here before it was fixed.
 */
import { Writable } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { pino } from 'pino';
import WebSocket from 'ws';
import { sessionTopic } from '../../src/server/bus/bus.js';
import { requestJWT } from '../compat/protocol-client.js';
import { DATABASES, useServer } from './databases.js';
import { feed } from './feeds.js';
import { openLobby, signInRoles, type Roles } from './roles.js';
import { signInGuest, startServer } from './support.js';
import { until } from '../support/until.js';

describe.each(DATABASES)('a chat message on %s', (database) => {
  const suite = useServer<Roles>(database, { setup: (server) => signInRoles(server), teardown: (roles) => roles.close() });
  const roles = () => suite().data;

  test("stays one line: Unicode's line and paragraph separators, and the other line breaks, become one space", async () => {
    // U+2028 and U+2029 are mandatory line breaks to a browser (and U+0085, VT and FF to others),
    // but only \n and \r became a space: "gg" then a line break then "Ann: ..." showed under the
    // sender's name as a second line that read as Ann's own message, and a stranger's under the
    // "(spectator)" mark, which stays on the first line.
    const { host, member, outsider } = roles();
    const lobbyID = await openLobby(host, member);
    const room = `lobby/${lobbyID}`;
    const heard = feed(member.client.chat.onRoom, { room });
    await heard.started();
    const shown = 'gg Milo: I take the left card ok a b c';
    const sent = await outsider.client.chat.send.mutate({ room, message: 'gg\u2028Milo: I take the left card\u2029ok\u0085a\u000bb\u000cc' });
    expect(sent).toMatchObject({ message: shown, spectator: true });
    expect((await heard.until()).message).toBe(shown);
    heard.close();
    expect((await host.client.chat.history.query({ room })).map((m) => m.message)).toEqual([shown]);
  });
});

describe.each(DATABASES)('guest sign-ins and logouts on %s', (database) => {
  const suite = useServer(database, { config: { requestsPerAddress: 4, guestLoginsPerAddress: 100 } });

  test("count among the address's requests, and a logout of no session tells no instance", async () => {
    // POST /auth/guest and GET /auth/logout were counted nowhere. Each is database work: a guest
    // sign-in refused past GUEST_LOGINS_PER_ADDRESS still took its count (on PostgreSQL a statement
    // locking the address's row), and a logout with any cookie at all deleted its session and
    // published the end of it to every instance (a NOTIFY on PostgreSQL). One address was answered
    // 8,244 refused sign-ins in 10 s (each such statement), or 3,829 logouts of made-up sessions
    // (each a DELETE and a NOTIFY), where its requests stop at 600.
    const { server } = suite();
    const { bus } = server.app.services;
    const published: string[] = [];
    const publish = bus.publish.bind(bus);
    bus.publish = (topic, data) => {
      published.push(topic);
      return publish(topic, data);
    };
    const signIn = () =>
      fetch(`${server.url}/auth/guest`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'Zed' }), redirect: 'manual' });
    const logOut = (cookie: string) => fetch(`${server.url}/auth/logout`, { headers: { cookie }, redirect: 'manual' });
    try {
      const made = await signIn();
      expect(made.status).toBe(303);
      const cookie = made.headers.get('set-cookie')!.split(';')[0]!;
      // A made-up session: nothing to delete, and nothing for any socket to hear.
      expect((await logOut('mythos_session=madeUpSessionToken')).status).toBe(302);
      expect(published.filter((topic) => topic.startsWith('session/'))).toEqual([]);
      // A real one ends, and its sockets everywhere are told.
      expect((await logOut(cookie)).status).toBe(302);
      const sessionID = server.app.services.sessions.idOf(cookie.slice('mythos_session='.length));
      expect(published.filter((topic) => topic.startsWith('session/'))).toEqual([sessionTopic(sessionID)]);
      expect((await signIn()).status).toBe(303);

      const refusal = 'Too many requests from your address: at most 4 in 10 seconds. Wait a moment.';
      const refusedSignIn = await signIn();
      expect([refusedSignIn.status, refusedSignIn.headers.get('content-type'), await refusedSignIn.text()]).toEqual([429, 'text/plain', refusal]);
      const refusedLogout = await logOut('mythos_session=madeUpSessionToken');
      expect([refusedLogout.status, refusedLogout.headers.get('content-type'), await refusedLogout.text()]).toEqual([429, 'text/plain', refusal]);
    } finally {
      bus.publish = publish;
    }
  });
});

describe('the log', () => {
  test("holds no websocket token whose parameter's name is escaped: the server reads %6Awt as jwt, and so does the redaction", async () => {
    // The caller reads the token with URLSearchParams, which decodes names: /channel?%6Awt=<token>
    // signs a socket in, and a request's log line kept such a token whole (the redaction matched
    // the name as written).
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const server = await startServer({ logLevel: 'debug' }, { logger: pino({ level: 'debug' }, sink) });
    try {
      const guest = await signInGuest(server, 'Logged');
      const jwt = await requestJWT(server.url, guest.cookie);
      const socket = new WebSocket(`${server.url.replace('http', 'ws')}/channel?%6Awt=${encodeURIComponent(jwt)}&J%57T=${encodeURIComponent(jwt)}`);
      const answer = new Promise<unknown>((resolve) => socket.once('message', (data: WebSocket.RawData) => resolve(JSON.parse(data.toString()))));
      await new Promise((resolve) => socket.once('open', resolve));
      // Signed in by that token: the room is looked for, not refused to an anonymous socket.
      socket.send(JSON.stringify({ type: 'subscribe', topic: 'chat/lobby/l_nothing' }));
      expect(await answer).toEqual({ type: 'error', message: 'Unknown chat room: lobby/l_nothing' });
      socket.close();
      await fetch(`${server.url}/channel?%6A%77%74=${encodeURIComponent(jwt)}&other=1`);
      guest.close();
      const urls = () => lines.map((line) => (JSON.parse(line) as { url?: string }).url).filter((url) => url?.startsWith('/channel'));
      // Each request's line is written once its answer has gone.
      await until(() => urls().length > 0, 5_000, "the request's log line");
      // The socket's handshake writes no line of its own; a plain request there does.
      expect(urls()).toEqual(['/channel?%6A%77%74=[redacted]&other=1']);
      const signature = jwt.split('.')[2]!;
      for (const line of lines) expect(line).not.toContain(signature);
    } finally {
      await server.close();
    }
  });
});
