/**
 * The auth endpoints over plain HTTP: guest login as JSON and as a form, where
 * a login may send people on to, the websocket JWT, change name, logout, OAuth when it is not
 * configured and a whole OAuth round trip against a local provider, and the CSRF guard.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DATABASES, useServer } from './databases.js';
import { lobbyListFeed } from './feeds.js';
import { OAuthCookieSigner } from '../../src/server/auth/oauth-cookie.js';
import { startFakeProvider, type FakeProvider } from './oauth-provider.js';
import { clientFor, handshakeStatus, signInGuest, type Server } from './support.js';

const SESSION = 'mythos_session';
const FOREIGN = 'https://evil.example';

function cookieNamed(response: Response, name: string): string | null {
  const header = response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  return header ?? null;
}

/** The `name=value` pair of a Set-Cookie header, to send back. */
const pair = (setCookie: string | null) => setCookie!.split(';')[0]!;

function guestLogin(server: Server, body: Record<string, string>, as: 'json' | 'form' = 'json', headers: Record<string, string> = {}): Promise<Response> {
  const form = as === 'form';
  return fetch(`${server.url}/auth/guest`, {
    method: 'POST',
    headers: { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json', ...headers },
    body: form ? new URLSearchParams(body).toString() : JSON.stringify(body),
    redirect: 'manual',
  });
}

async function meWith(server: Server, cookie: string | null) {
  const { client, close } = clientFor(server, cookie, null);
  try {
    return await client.session.me.query();
  } finally {
    close();
  }
}

describe.each(DATABASES)('auth over HTTP on %s', (database) => {
  const suite = useServer(database);
  const server = () => suite().server;

  describe('guest login', () => {
    test('a JSON post signs in: 303 to the redirect, an HTTP-only session cookie, the name trimmed', async () => {
      const response = await guestLogin(server(), { username: '  Ann  ', password: 'guest', redirect: '/lobby-list' });
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/lobby-list');
      const cookie = cookieNamed(response, SESSION);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).toMatch(/Path=\//);
      expect(await meWith(server(), pair(cookie))).toMatchObject({ name: 'Ann', isBot: false, canChangeName: true });
    });

    test('a form post (application/x-www-form-urlencoded) signs in the same way', async () => {
      const response = await guestLogin(server(), { username: 'Bea', password: 'guest', redirect: '/game/g_123' }, 'form');
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/game/g_123');
      expect(await meWith(server(), pair(cookieNamed(response, SESSION)))).toMatchObject({ name: 'Bea' });
    });

    test('names: at most 12 characters, not empty; refused with the reason as text and no session', async () => {
      const cases: [Record<string, string>, string][] = [
        [{ username: 'Thirteen char' }, 'A name has at most 12 characters.'],
        [{ username: '' }, 'Enter a name.'],
        [{ username: '   ' }, 'Enter a name.'],
        [{}, 'Enter a name.'],
      ];
      for (const [body, message] of cases) {
        for (const as of ['json', 'form'] as const) {
          const response = await guestLogin(server(), { password: 'guest', ...body }, as);
          expect(response.status).toBe(400);
          expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
          expect(await response.text()).toBe(message);
          expect(cookieNamed(response, SESSION)).toBeNull();
        }
      }
      const twelve = await guestLogin(server(), { username: ' Twelve chars ' });
      expect(twelve.status).toBe(303);
      expect(await meWith(server(), pair(cookieNamed(twelve, SESSION)))).toMatchObject({ name: 'Twelve chars' });
      const wide = await guestLogin(server(), { username: '🐉'.repeat(12) });
      expect(wide.status).toBe(303);
    });

    test('only same-site paths are followed after login; anything else goes to /', async () => {
      const cases: [string | undefined, string][] = [
        ['/lobby/l_1?tab=chat#top', '/lobby/l_1?tab=chat#top'],
        ['/user/u_1', '/user/u_1'],
        [undefined, '/'],
        ['', '/'],
        ['https://evil.example/steal', '/'],
        ['//evil.example', '/'],
        ['/\\evil.example', '/'],
        ['\\\\evil.example', '/'],
        ['javascript:alert(1)', '/'],
        ['lobby-list', '/'],
        // Browsers drop tabs and newlines from a URL, so these would read as //evil.example.
        ['/\t/evil.example', '/'],
        ['/\n/evil.example', '/'],
      ];
      for (const [redirect, location] of cases) {
        const response = await guestLogin(server(), { username: 'Cy', ...(redirect === undefined ? {} : { redirect }) }, 'form');
        expect(response.status, `redirect ${JSON.stringify(redirect)}`).toBe(303);
        expect(response.headers.get('location'), `redirect ${JSON.stringify(redirect)}`).toBe(location);
      }
    });
  });

  describe('the websocket JWT', () => {
    test('GET /auth/jwt: 401 for anonymous or an unknown session; the token as JSON for a user', async () => {
      for (const headers of [{}, { cookie: `${SESSION}=not-a-session` }] as Record<string, string>[]) {
        const response = await fetch(`${server().url}/auth/jwt`, { headers: { ...headers, 'x-mythos-client': 'test' } });
        expect(response.status).toBe(401);
        expect(await response.text()).toBe('You must be logged in.');
      }
      const guest = await signInGuest(server(), 'Jay');
      const response = await fetch(`${server().url}/auth/jwt`, { headers: { cookie: guest.cookie, 'x-mythos-client': 'test' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      const { jwt: token } = (await response.json()) as { jwt: string };
      expect(token.split('.')).toHaveLength(3);
      expect(await server().app.services.jwt.verify(token)).toBe(guest.userID);
      // The token alone signs a websocket client in (a signed-in-only subscription answers).
      const { client, close } = clientFor(server(), null, token);
      const lobbies = lobbyListFeed(client.lobbies.onList);
      expect(Array.isArray(await lobbies.until())).toBe(true);
      lobbies.close();
      close();
      expect(await server().app.services.jwt.verify(`${token}x`)).toBeNull();
      guest.close();
    });
  });

  describe('change name', () => {
    test('POST /auth/change-name: 401 for anonymous; renames (trimmed, JSON or form); refuses bad names', async () => {
      const post = (body: string, contentType: string, cookie?: string) =>
        fetch(`${server().url}/auth/change-name`, { method: 'POST', headers: { 'content-type': contentType, ...(cookie ? { cookie } : {}) }, body });
      const anonymous = await post(JSON.stringify({ newName: 'Nobody' }), 'application/json');
      expect(anonymous.status).toBe(401);
      expect(await anonymous.text()).toBe('You must be logged in.');

      const guest = await signInGuest(server(), 'Kim');
      const renamed = await post(JSON.stringify({ newName: '  Kimberly  ' }), 'application/json', guest.cookie);
      expect(renamed.status).toBe(200);
      expect(await renamed.json()).toEqual({ ok: true, name: 'Kimberly' });
      const form = await post(new URLSearchParams({ newName: 'Kimmy' }).toString(), 'application/x-www-form-urlencoded', guest.cookie);
      expect(await form.json()).toEqual({ ok: true, name: 'Kimmy' });
      for (const [newName, message] of [
        ['Kimberly Anne', 'A name has at most 12 characters.'],
        ['  ', 'Enter a name.'],
      ]) {
        const refused = await post(JSON.stringify({ newName }), 'application/json', guest.cookie);
        expect(refused.status).toBe(400);
        expect(await refused.text()).toBe(message);
      }
      expect(await meWith(server(), guest.cookie)).toMatchObject({ name: 'Kimmy' });
      guest.close();
    });
  });

  describe('logout', () => {
    test('GET /auth/logout ends the session: the cookie is cleared and the old one no longer works', async () => {
      const guest = await signInGuest(server(), 'Lou');
      expect(await meWith(server(), guest.cookie)).toMatchObject({ id: guest.userID });
      const response = await fetch(`${server().url}/auth/logout`, { headers: { cookie: guest.cookie }, redirect: 'manual' });
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/');
      const cleared = cookieNamed(response, SESSION)!;
      expect(cleared).toMatch(new RegExp(`^${SESSION}=;`));
      expect(cleared).toMatch(/Max-Age=0/i);
      expect(await meWith(server(), guest.cookie)).toBeNull();
      expect((await fetch(`${server().url}/auth/jwt`, { headers: { cookie: guest.cookie, 'x-mythos-client': 'test' } })).status).toBe(401);
      // Logging out without a session is harmless.
      expect((await fetch(`${server().url}/auth/logout`, { redirect: 'manual' })).status).toBe(302);
      guest.close();
    });
  });

  describe('OAuth without provider credentials', () => {
    test('the Discord and Google buttons answer 404 "not configured", callbacks too', async () => {
      for (const [key, label] of [
        ['discord', 'Discord'],
        ['google', 'Google'],
      ]) {
        for (const path of [`/auth/${key}`, `/auth/${key}?redirect=/lobby-list`, `/auth/${key}/callback?code=c&state=s`]) {
          const response = await fetch(`${server().url}${path}`, { redirect: 'manual' });
          expect(response.status).toBe(404);
          expect(await response.text()).toBe(`${label} login is not configured.`);
        }
      }
    });
  });

  describe('CSRF', () => {
    test('a POST from another origin, with the session cookie or without, is refused with 403 and changes nothing', async () => {
      const guest = await signInGuest(server(), 'Max');
      const before = (await guest.client.lobbies.list.query()).length;
      for (const origin of [FOREIGN, 'null', 'http://127.0.0.1.evil.example']) {
        const headers = { cookie: guest.cookie, origin, 'content-type': 'application/json' };
        const trpc = await fetch(`${server().url}/trpc/lobbies.create`, { method: 'POST', headers, body: '{}' });
        expect(trpc.status).toBe(403);
        expect(await trpc.text()).toBe('Cross-site request refused.');
        const rename = await fetch(`${server().url}/auth/change-name`, { method: 'POST', headers, body: JSON.stringify({ newName: 'Pwned' }) });
        expect(rename.status).toBe(403);
        expect(await rename.text()).toBe('Cross-site request refused.');
      }
      expect((await guest.client.lobbies.list.query()).length).toBe(before);
      expect(await meWith(server(), guest.cookie)).toMatchObject({ name: 'Max' });
      // From our own pages, and without an Origin header (same-origin navigations), it works.
      for (const headers of [{ origin: server().url }, {}] as Record<string, string>[]) {
        const response = await fetch(`${server().url}/trpc/lobbies.create`, {
          method: 'POST',
          headers: { cookie: guest.cookie, 'content-type': 'application/json', ...headers },
          body: '{}',
        });
        expect(response.status).toBe(200);
      }
      // Reads are not writes (the browser keeps the answer from the other site's page); a token is never given.
      expect((await fetch(`${server().url}/trpc/session.me`, { headers: { cookie: guest.cookie, origin: FOREIGN } })).status).toBe(200);
      expect((await fetch(`${server().url}/auth/jwt`, { headers: { cookie: guest.cookie, origin: FOREIGN, 'x-mythos-client': 'test' } })).status).toBe(403);
      // A post without the cookie is refused too: a form on another site would sign the visitor in
      // as someone else, replacing their session (a guest's for good).
      const login = await guestLogin(server(), { username: 'Ned' }, 'form', { origin: FOREIGN });
      expect([login.status, await login.text(), login.headers.get('set-cookie')]).toEqual([403, 'Cross-site request refused.', null]);
      expect((await guestLogin(server(), { username: 'Ned' }, 'form', { origin: server().url })).status).toBe(303);
      guest.close();
    });

    test('a websocket opened from another origin with the session cookie is refused', async () => {
      const guest = await signInGuest(server(), 'Oz');
      const outcome = (origin: string) => handshakeStatus(`${server().url.replace('http', 'ws')}/trpc`, { cookie: guest.cookie, origin });
      expect(await outcome(FOREIGN)).toBe(403);
      expect(await outcome(server().url)).toBe(101);
      guest.close();
    });
  });
});

describe.each(DATABASES)('OAuth round trip against a local provider on %s', (database) => {
  const PUBLIC_URL = 'http://mythos.test';
  let discord: FakeProvider;
  let google: FakeProvider;
  beforeAll(async () => {
    [discord, google] = await Promise.all([startFakeProvider('discord-app', 'discord-secret'), startFakeProvider('google-app', 'google-secret')]);
  });
  afterAll(async () => {
    await Promise.all([discord?.close(), google?.close()]);
  });
  const suite = useServer(database, { config: () => ({ publicUrl: PUBLIC_URL, discord: discord.config, google: google.config }) });
  const server = () => suite().server;

  /** The browser's part: the site is at PUBLIC_URL, which this test reaches at the server's address. */
  const onSite = (url: string) => {
    const parsed = new URL(url);
    expect(parsed.origin).toBe(PUBLIC_URL);
    return `${server().url}${parsed.pathname}${parsed.search}`;
  };

  /** Follows the login from the button to the callback's answer, carrying the cookies along. */
  async function logIn(key: 'discord' | 'google', redirect: string) {
    const start = await fetch(`${server().url}/auth/${key}?redirect=${encodeURIComponent(redirect)}`, { redirect: 'manual' });
    expect(start.status).toBe(302);
    const oauthCookie = pair(cookieNamed(start, 'mythos_oauth'));
    const authorize = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    expect(authorize.status).toBe(302);
    const callback = await fetch(onSite(authorize.headers.get('location')!), { headers: { cookie: oauthCookie }, redirect: 'manual' });
    return { start, callback, oauthCookie, callbackURL: authorize.headers.get('location')! };
  }

  test('Discord: authorize, come back with code and state, and be signed in; the account is created once', async () => {
    discord.signInAs({ id: '80351110224678912', username: 'nelly', global_name: 'Nelly the Great', avatar: 'a1b2c3' });
    const { start, callback } = await logIn('discord', '/lobby/l_42');
    const authorizeURL = new URL(start.headers.get('location')!);
    expect(`${authorizeURL.origin}${authorizeURL.pathname}`).toBe(discord.config.authorizeEndpoint);
    expect(Object.fromEntries(authorizeURL.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'discord-app',
      scope: 'identify',
      redirect_uri: `${PUBLIC_URL}/auth/discord/callback`,
      code_challenge_method: 'S256',
    });
    expect(cookieNamed(start, 'mythos_oauth')).toMatch(/HttpOnly/i);

    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/lobby/l_42');
    expect(cookieNamed(callback, 'mythos_oauth')).toMatch(/Max-Age=0/i);
    const session = pair(cookieNamed(callback, SESSION));
    const me = await meWith(server(), session);
    expect(me).toMatchObject({
      name: 'Nelly the Gr',
      profilePictureURL: 'https://cdn.discordapp.com/avatars/80351110224678912/a1b2c3.png',
      isBot: false,
    });
    expect(discord.tokenRequests.at(-1)!.get('redirect_uri')).toBe(`${PUBLIC_URL}/auth/discord/callback`);

    // The same Discord account again: the same user, a new session.
    const again = await logIn('discord', '//evil.example');
    expect(again.callback.headers.get('location')).toBe('/');
    const second = pair(cookieNamed(again.callback, SESSION));
    expect(second).not.toBe(session);
    expect((await meWith(server(), second))!.id).toBe(me!.id);
    const accounts = await server().app.services.db.kysely.selectFrom('users').select('id').where('provider', '=', 'discord').execute();
    expect(accounts).toEqual([{ id: me!.id }]);
  });

  test('Google: the same flow with its own profile fields', async () => {
    google.signInAs({ sub: '1098765', given_name: 'Grace', name: 'Grace Hopper', picture: 'https://example.test/grace.png' });
    const { start, callback } = await logIn('google', '/user/me');
    expect(new URL(start.headers.get('location')!).searchParams.get('scope')).toBe('openid profile');
    expect(callback.headers.get('location')).toBe('/user/me');
    expect(await meWith(server(), pair(cookieNamed(callback, SESSION)))).toMatchObject({ name: 'Grace', profilePictureURL: 'https://example.test/grace.png' });
  });

  test('a callback whose state does not match, or without the login cookie, is refused', async () => {
    discord.signInAs({ id: '1', username: 'mallory' });
    const start = await fetch(`${server().url}/auth/discord`, { redirect: 'manual' });
    const oauthCookie = pair(cookieNamed(start, 'mythos_oauth'));
    const back = new URL((await fetch(start.headers.get('location')!, { redirect: 'manual' })).headers.get('location')!);
    const code = back.searchParams.get('code')!;
    const attempts = [
      { query: `code=${code}&state=forged`, cookie: oauthCookie },
      { query: back.search.slice(1), cookie: '' },
      { query: `state=${back.searchParams.get('state')}`, cookie: oauthCookie },
    ];
    for (const { query, cookie } of attempts) {
      const response = await fetch(`${server().url}/auth/discord/callback?${query}`, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
      expect(response.status).toBe(400);
      expect(await response.text()).toBe('Login failed: the sign-in link expired. Try again.');
      expect(cookieNamed(response, SESSION)).toBeNull();
    }
  });

  test('a code the provider does not confirm is refused', async () => {
    const start = await fetch(`${server().url}/auth/discord`, { redirect: 'manual' });
    const oauthCookie = pair(cookieNamed(start, 'mythos_oauth'));
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
    const response = await fetch(`${server().url}/auth/discord/callback?code=made-up&state=${state}`, { headers: { cookie: oauthCookie }, redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(await response.text()).toBe('Login failed: Discord did not confirm the sign-in.');
    expect(cookieNamed(response, SESSION)).toBeNull();
  });

  /** A login started and authorized at the provider, up to the callback the browser would follow. */
  async function authorized() {
    discord.signInAs({ id: '77', username: 'trent' });
    const start = await fetch(`${server().url}/auth/discord?redirect=/lobby-list`, { redirect: 'manual' });
    const value = pair(cookieNamed(start, 'mythos_oauth')).slice('mythos_oauth='.length);
    const back = new URL((await fetch(start.headers.get('location')!, { redirect: 'manual' })).headers.get('location')!);
    const callback = (cookie: string) => fetch(`${server().url}/auth/discord/callback${back.search}`, { headers: { cookie: `mythos_oauth=${cookie}` }, redirect: 'manual' });
    return { value, callback };
  }

  const HOSTILE_REDIRECTS = ['https://evil.example/', '//evil.example', '/\\evil.example', '/x\r\nSet-Cookie: mythos_session=planted', '/\tevil'];

  test('a login cookie the server did not sign is refused, whatever it says (cookies are shared by every port of the host)', async () => {
    for (const redirect of HOSTILE_REDIRECTS) {
      const { value, callback } = await authorized();
      const [payload, mac] = value.split('.');
      const login = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
      const forged = Buffer.from(JSON.stringify({ ...login, redirect })).toString('base64url');
      // The login as it was kept before it was signed, and a changed login under the real signature.
      for (const cookie of [forged, `${forged}.${mac}`]) {
        const response = await callback(cookie);
        expect(response.status, JSON.stringify(redirect)).toBe(400);
        expect(await response.text()).toBe('Login failed: the sign-in link expired. Try again.');
        expect(cookieNamed(response, SESSION)).toBeNull();
      }
    }
  });

  test('the redirect in a signed login cookie is still followed only as a plain same-site path: a foreign one or a CRLF goes home', async () => {
    const signer = server().app.services.oauthCookie;
    for (const redirect of HOSTILE_REDIRECTS) {
      const { value, callback } = await authorized();
      const login = signer.read(value)!;
      expect(login.redirect).toBe('/lobby-list');
      const response = await callback(signer.sign({ ...login, redirect }));
      expect(response.status, JSON.stringify(redirect)).toBe(302);
      expect(response.headers.get('location')).toBe('/');
      expect(response.headers.getSetCookie().filter((c) => c.startsWith(`${SESSION}=`))).toHaveLength(1);
      expect(cookieNamed(response, SESSION)).not.toContain('planted');
    }
  });
});

describe('the OAuth login cookie', () => {
  test('lives ten minutes on the server too, and only under the secret that signed it', () => {
    let now = 1_000_000;
    const signer = new OAuthCookieSigner('secret', () => now);
    const login = { state: 's', codeVerifier: 'v', redirect: '/lobby-list' };
    const value = signer.sign(login);
    now += 600_000;
    expect(signer.read(value)).toEqual(login);
    expect(new OAuthCookieSigner('another secret', () => now).read(value)).toBeNull();
    now += 1;
    expect(signer.read(value)).toBeNull();
  });
});
