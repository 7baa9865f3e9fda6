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
