/**
 * Untrusted text made safe before it is stored or reaches a header: names lose control, format
 * and invisible characters (and must keep something visible); a login's redirect becomes a plain
 * ASCII same-site path, so no redirect can fail after the account was made.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MAX_IDS_PER_CALL } from '../../src/shared/request-limits.js';
import { refused } from './roles.js';
import { requestJWT } from '../compat/protocol-client.js';
import { signInGuest, startServer, type Server } from './support.js';

let server: Server;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server.close());

const guestLogin = (body: Record<string, unknown>) =>
  fetch(`${server.url}/auth/guest`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), redirect: 'manual' });
const userCount = async () => (await server.app.services.db.kysely.selectFrom('users').select('id').execute()).length;

const CLEANED: [string, string][] = [
  ['Nul\u0000l', 'Null'],
  ['\u001b[31mRed\u001b[0m', '[31mRed[0m'],
  ['abc\u202eevil', 'abcevil'],
  ['Zero\u200bWidth', 'ZeroWidth'],
  ['Wide\u3000\u3000gap', 'Wide gap'],
  ['e\u0301', '\u00e9'],
];
const INVISIBLE = ['\u200b\u200c\u200d', '\u3164', '\u2800\u2800', '\u202e', '\u0000\u001b', '\u0301'];

describe('names', () => {
  test('a guest name is NFC-normalised and stripped of control, format and invisible characters', async () => {
    for (const [typed, stored] of CLEANED) {
      const response = await guestLogin({ username: typed });
      expect(response.status, JSON.stringify(typed)).toBe(303);
      const cookie = response.headers.get('set-cookie')!.split(';')[0]!;
      const me = (await (await fetch(`${server.url}/trpc/session.me`, { headers: { cookie } })).json()) as { result: { data: { name: string } } };
      expect(me.result.data.name, JSON.stringify(typed)).toBe(stored);
    }
  });

  test('a name with nothing visible left is refused, and no account is made', async () => {
    const before = await userCount();
    for (const typed of INVISIBLE) {
      const response = await guestLogin({ username: typed });
      expect(response.status, JSON.stringify(typed)).toBe(400);
      expect(await response.text()).toBe('A name needs at least one visible character.');
    }
    expect(await userCount()).toBe(before);
  });

  test('a name with more than four marks stacked on one letter is refused; the few that writing needs pass', async () => {
    const before = await userCount();
    const zalgo = await guestLogin({ username: `Z${'\u0336\u0353\u0489'.repeat(2)}ed` });
    expect([zalgo.status, await zalgo.text()]).toEqual([400, 'A name has at most 4 accents or marks on one letter.']);
    expect(await userCount()).toBe(before);
    // Thai's vowel and tone mark on one letter, Hebrew's points, four marks on a letter.
    for (const typed of ['ที่นี่', 'שָׁלוֹם', 'x\u0301\u0302\u0303\u0304']) expect((await guestLogin({ username: typed })).status, JSON.stringify(typed)).toBe(303);
    const guest = await signInGuest(server, 'Stacker');
    expect(await refused(guest.client.session.rename.mutate({ name: `x${'\u0301'.repeat(5)}` }))).toMatchObject({ code: 'BAD_REQUEST', message: 'A name has at most 4 accents or marks on one letter.' });
    guest.close();
  });

  test('renames are cleaned and refused the same way, over REST and tRPC', async () => {
    const guest = await signInGuest(server, 'Renamer');
    const rename = (newName: string) =>
      fetch(`${server.url}/auth/change-name`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: guest.cookie }, body: JSON.stringify({ newName }) });
    expect(await (await rename('Bo\u202eb\u200b')).json()).toEqual({ ok: true, name: 'Bob' });
    const invisible = await rename('\u200b');
    expect([invisible.status, await invisible.text()]).toEqual([400, 'A name needs at least one visible character.']);
    expect(await guest.client.session.rename.mutate({ name: '\u001bKai' })).toMatchObject({ name: 'Kai' });
    expect(await refused(guest.client.session.rename.mutate({ name: '\u3164' }))).toMatchObject({ code: 'BAD_REQUEST', message: 'A name needs at least one visible character.' });
    guest.close();
  });

  test("input a tRPC procedure's schema refuses is told in one sentence, as REST tells it, not as zod's issues in JSON", async () => {
    const guest = await signInGuest(server, 'Asker');
    const tooMany = Array.from({ length: MAX_IDS_PER_CALL + 1 }, (_, i) => `u_${i}`);
    expect(await refused(guest.client.users.byIDs.query({ ids: tooMany }))).toEqual({
      code: 'BAD_REQUEST',
      httpStatus: 400,
      message: `Invalid ids: Too big: expected array to have <=${MAX_IDS_PER_CALL} items`,
      ruleCode: null,
    });
    expect(await refused(guest.client.lobbies.get.query({ lobbyID: 7 as unknown as string }))).toMatchObject({ message: 'Invalid lobbyID: Invalid input: expected string, received number' });
    guest.close();
  });
});

describe('the redirect after a guest login', () => {
  test('a non-Latin-1 redirect is percent-encoded: 303, one account with a working session, never a 500', async () => {
    const cases: [string, string][] = [
      ['/lobby/日本', '/lobby/%E6%97%A5%E6%9C%AC'],
      ['/profile/Zoë', '/profile/Zo%C3%AB'],
      ['/a b', '/a%20b'],
      ['/lone\ud800', '/'],
      ['/\u2028/evil.example', '/%E2%80%A8/evil.example'],
    ];
    for (const [redirect, location] of cases) {
      const before = await userCount();
      const response = await guestLogin({ username: 'Traveller', redirect });
      expect(response.status, JSON.stringify(redirect)).toBe(303);
      expect(response.headers.get('location'), JSON.stringify(redirect)).toBe(location);
      expect(await userCount()).toBe(before + 1);
      const cookie = response.headers.get('set-cookie')!.split(';')[0]!;
      expect(await requestJWT(server.url, cookie)).toEqual(expect.any(String));
    }
  });
});
