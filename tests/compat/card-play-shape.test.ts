/**
 * tRPC `definitions.cardPlay` as a client outside the site reads it: over HTTP, signed out. Its
 * `cards` is a list in card id order, each entry naming its `cardID`. The protocol said `cards`
 * "holds, by card id" each card, the words it uses elsewhere for objects keyed by id
 * (`ratings.ofUsers`' `{[userID]: …}`), so a client looked a card up as `cards[206]`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Server } from '../server/support.js';
import { endableGame, saveEnd } from '../server/endable-games.js';

let server: Server;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server.close());

describe('definitions.cardPlay', () => {
  it('answers cards as a list in card id order, as the protocol says', async () => {
    const seats = [
      { userID: 'bot_easy', bot: 'easy_bot' as const },
      { userID: 'bot_adv', bot: 'basic_bot' as const },
    ];
    expect(await saveEnd(server, await endableGame(server, 'g_card_play_shape', seats))).toBe(true);
    const input = encodeURIComponent(JSON.stringify({ scope: 'all' }));
    const answer = (await (await fetch(`${server.url}/trpc/definitions.cardPlay?input=${input}`)).json()) as { result: { data: { cards: { cardID: number }[] } } };
    const { cards } = answer.result.data;
    expect(Array.isArray(cards)).toBe(true);
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.map((c) => c.cardID)).toEqual([...cards.map((c) => c.cardID)].sort((a, b) => a - b));

    const page = readFileSync(join(import.meta.dirname, '../../docs/protocol.md'), 'utf8');
    const section = page.slice(page.indexOf('### How cards play on this server'), page.indexOf('## 7. Writing a client'));
    expect(section).toContain('`cards` is a list, in card id order,');
    expect(section).not.toMatch(/`cards` holds, by card id/);
  });
});
