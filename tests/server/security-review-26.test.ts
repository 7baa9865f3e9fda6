/**
 * The twenty-sixth security review: what hostile content can make another player's page do. Each
 * hole is proved here (or in tests/web/components/security-review-26.test.tsx, for the web
 * client's own) before it was fixed.
 */
import { describe, expect, test } from 'vitest';
import { DATABASES, useServer } from './databases.js';
import { openLobby, refused, signInRoles, type Roles } from './roles.js';

/** The braille blank and the Hangul fillers: each draws as a blank as wide as a letter, and none is a space to Unicode. */
const BLANKS = ['\u2800', '\u3164', '\u115F', '\u1160', '\uFFA0'];

describe.each(DATABASES)('a chat message on %s', (database) => {
  const suite = useServer<Roles>(database, { setup: (server) => signInRoles(server), teardown: (roles) => roles.close() });
  const roles = () => suite().data;

  test('cannot pad a line with blanks that are no spaces: each run of them is one space', async () => {
    // Spaces are folded into one, and line breaks were made spaces (security-review-9), so that
    // "gg", a break and "Milo: I take the left card" could not show a second line that reads as
    // Milo's own message. Blank letters and symbols were kept: "gg" and as many braille blanks as
    // fill the rest of the chat's line put "Milo: I take the left card" at the start of the next,
    // under the stranger's name and their "(spectator)" mark, with nothing to see in between.
    const { host, member, outsider } = roles();
    const lobbyID = await openLobby(host, member);
    const room = `lobby/${lobbyID}`;
    for (const blank of BLANKS) {
      const sent = await outsider.client.chat.send.mutate({ room, message: `gg${blank.repeat(60)}Milo: I take the left card` });
      expect(sent).toMatchObject({ message: 'gg Milo: I take the left card', spectator: true });
    }
    expect(new Set((await member.client.chat.history.query({ room })).map((m) => m.message))).toEqual(new Set(['gg Milo: I take the left card']));
  });

  test('made of blanks alone is empty, as one of spaces is', async () => {
    const { host, member } = roles();
    const lobbyID = await openLobby(host, member);
    for (const blank of BLANKS) {
      expect(await refused(member.client.chat.send.mutate({ room: `lobby/${lobbyID}`, message: blank.repeat(3) }))).toMatchObject({ code: 'BAD_REQUEST', message: 'A message cannot be empty.' });
    }
  });
});

/** A sentence of a stranger's, as short as an id may be (64 characters), in a link's path: /game/…, /lobby/…, /game/…/replay. */
const SENTENCE = 'Your account is suspended. Sign in again at mythos-help.example';

describe.each(DATABASES)('an id no game, lobby or person could have on %s', (database) => {
  const suite = useServer<Roles>(database, { setup: (server) => signInRoles(server), teardown: (roles) => roles.close() });
  const roles = () => suite().data;

  test("is not said back: a link's sentence does not become the site's own words on its page", async () => {
    // The game's, a lobby's and the replay's pages show the server's refusal as it is: "Game Your
    // account is suspended. Sign in again at mythos-help.example not found.", a stranger's words
    // under the site's heading, for whoever followed their link.
    const { member } = roles();
    expect(SENTENCE.length).toBeLessThanOrEqual(64);
    expect(await refused(member.client.games.state.query({ gameID: SENTENCE }))).toMatchObject({ code: 'NOT_FOUND', message: 'Game not found: no game has that id.' });
    expect(await refused(member.client.replays.get.query({ gameID: SENTENCE }))).toMatchObject({ code: 'NOT_FOUND', message: 'Game not found: no game has that id.' });
    expect(await refused(member.client.lobbies.get.query({ lobbyID: SENTENCE }))).toMatchObject({ code: 'NOT_FOUND', message: 'Lobby not found: no lobby has that id.' });
    expect(await refused(member.client.users.profile.query({ userID: SENTENCE }))).toMatchObject({ code: 'NOT_FOUND', message: 'User not found: no one has that id.' });
    // An id that could be one is still said back, as the protocol documents.
    expect(await refused(member.client.games.state.query({ gameID: 'g_nowhere' }))).toMatchObject({ code: 'NOT_FOUND', message: 'Game g_nowhere not found.' });
    expect(await refused(member.client.lobbies.get.query({ lobbyID: 'l_nowhere' }))).toMatchObject({ code: 'NOT_FOUND', message: 'Lobby l_nowhere not found.' });
    expect(await refused(member.client.users.profile.query({ userID: 'u_nobody' }))).toMatchObject({ code: 'NOT_FOUND', message: 'User u_nobody not found.' });
  });
});
