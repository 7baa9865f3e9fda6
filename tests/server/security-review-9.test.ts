/**
 * Weaknesses a ninth security review found (a chat message that broke into lines of its own),
 * each proved here before it was fixed.
 */
import { describe, expect, test } from 'vitest';
import { DATABASES, useServer } from './databases.js';
import { feed } from './feeds.js';
import { openLobby, signInRoles, type Roles } from './roles.js';

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
