/**
 * Two games of one player ending at the same moment: both count, and what the player reads
 * afterwards (their rating's history, oldest first, and so the profile's line) follows the order
 * in which the two moved the rating, each game starting where the one before left it and the last
 * ending at the rating shown, whatever the games' end times say.
 */
import { describe, expect, test } from 'vitest';
import type { Game } from '../../src/engine/index.js';
import { DATABASES, useServer } from './databases.js';
import { endableGame, endTogether, withFavor } from './endable-games.js';
import { signInGuest } from './support.js';

describe.each(DATABASES)('two games ending together on %s', (database) => {
  const suite = useServer(database);

  test.each([
    { when: 'in the same millisecond', offset: 0 },
    { when: 'the one rated second having ended a moment earlier', offset: -3 },
  ])('the history follows the order the ratings moved: $when', async ({ offset }) => {
    const { server } = suite();
    const tag = `${database}_${offset === 0 ? 'same' : 'earlier'}`;
    const [ann, bob, cat] = [await signInGuest(server, 'Ann'), await signInGuest(server, 'Bob'), await signInGuest(server, 'Cat')];
    try {
      const end = Date.now();
      const make = async (id: string, other: string, annFavor: number, at: number): Promise<Game> => {
        const game = withFavor(
          await endableGame(server, id, [
            { userID: ann.userID, bot: null },
            { userID: other, bot: null },
          ]),
          { [ann.userID]: annFavor, [other]: 30 },
        );
        return { ...game, gameEndTimestamp: at, updateTimestamp: at };
      };
      // Ann wins the first game rated, loses the second. The second's id sorts first, and its end
      // is no later than the first's.
      const first = await make(`g_z_first_${tag}`, bob.userID, 40, end);
      const second = await make(`g_a_second_${tag}`, cat.userID, 20, end + offset);
      expect(await endTogether(server, [first, second])).toEqual([true, true]);

      const { rating, history } = await ann.client.users.rating.query({ userID: ann.userID });
      expect(rating.games).toBe(2);
      expect(history.map((h) => h.gameID)).toEqual([first.id, second.id]);
      expect(history[0]!.before).toBe(1500);
      expect(history[1]!.before).toBe(history[0]!.after);
      expect(history[1]!.after).toBe(rating.rating);
      expect(history[0]!.after).toBeGreaterThan(1500);
      expect(history[1]!.after).toBeLessThan(history[0]!.after);
    } finally {
      [ann, bob, cat].forEach((g) => g.close());
    }
  });
});
