/**
 * Weaknesses a fourteenth security review found, each proved here before it was fixed.
 * `chat.markRead` keeps a row for each room a person marks, and a person was to keep their 300
 * most recently read rooms, older marks going as new ones came. The cut was made at the 300th
 * newest mark's time alone, deleting only the marks older than it: marks that share one time were
 * never dropped. A mark's time is the client's own `upTo` (up to now), and any room that exists may
 * be marked (a lobby's, and every lobby that started a game keeps its room for good), so one
 * account marking each room at `upTo: 1` kept every mark it made: 592 rows in one or two seconds
 * (all its address's requests allowed), and an address 216,000 an hour, for good. The marks are
 * now cut in one order with no ties, their time and then their room.
 */
import { describe, expect, test } from 'vitest';
import { CHAT_READS_KEPT } from '../../src/server/services/chat.js';
import { DATABASES, useServer } from './databases.js';
import { signInGuest } from './support.js';

describe.each(DATABASES)('chat read marks on %s', (database) => {
  const suite = useServer(database);

  test(`a person keeps marks for ${CHAT_READS_KEPT} rooms, however many of them share one time`, async () => {
    const { server } = suite();
    const ann = await signInGuest(server, 'Ann');
    try {
      // Rooms that stay for good: lobbies whose game started (stored as such, without their games).
      const { kysely } = server.app.services.db;
      const lobbyIDs = Array.from({ length: CHAT_READS_KEPT + 20 }, (_, i) => `l_started${String(i).padStart(3, '0')}`);
      const row = (id: string) => ({ id, name: 'Started', host_id: ann.userID, sequence_id: 1, options_json: '{}', modules_json: '[]', game_id: `g_of_${id}`, created_at: 1, updated_at: 1 });
      await kysely.insertInto('lobbies').values(lobbyIDs.map(row)).execute();
      const marks = async () => (await kysely.selectFrom('chat_reads').select('room').where('user_id', '=', ann.userID).execute()).map((r) => r.room);

      // Every room read "up to 1": each mark past the 300th was kept all the same (320 rows).
      for (let i = 0; i < lobbyIDs.length; i += 8) {
        await Promise.all(lobbyIDs.slice(i, i + 8).map((id) => ann.client.chat.markRead.mutate({ room: `lobby/${id}`, upTo: 1 })));
      }
      expect(await marks()).toHaveLength(CHAT_READS_KEPT);

      // A room read later is kept over them, and there are still as many marks.
      const later = `lobby/${lobbyIDs[0]!}`;
      await ann.client.chat.markRead.mutate({ room: later, upTo: 2 });
      const kept = await marks();
      expect(kept).toHaveLength(CHAT_READS_KEPT);
      expect(kept).toContain(later);
      expect(await ann.client.chat.readMarks.query({ rooms: [later] })).toEqual({ [later]: 2 });
    } finally {
      ann.close();
    }
  });
});
