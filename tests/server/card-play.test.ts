/**
 * The card gallery's counters (services/card-play.ts): a finished game adds its cards' counts in
 * the transaction that saves its end (a second save of the same end counts nothing), games with
 * a person count in both scopes and games of bots only in `all`, games with a module that replaces
 * core cards under their ids count in neither, and definitions.cardPlay serves the sums with the
 * figures of engine/card-play.ts.
 */
import { describe, expect, test } from 'vitest';
import { addCardPlayCounts, cardPlayCounts, cardPlayFigures, cardPlayRecord, emptyCardPlayCounts, MIN_GAMES, type CardPlayCounts } from '../../src/engine/card-play.js';
import type { Game } from '../../src/engine/index.js';
import { DATABASES, useServer } from './databases.js';
import { endableGame, gameLeftToBots, saveEnd } from './endable-games.js';
import { signInGuest } from './support.js';

/** The expected sums of some games' counts, by card. */
function summed(games: readonly Game[]): Map<number, CardPlayCounts> {
  const total = new Map<number, CardPlayCounts>();
  for (const game of games) {
    for (const [id, c] of cardPlayCounts(cardPlayRecord(game))) addCardPlayCounts(total.get(id) ?? total.set(id, emptyCardPlayCounts()).get(id)!, c);
  }
  return total;
}

describe.each(DATABASES)('card play counters on %s', (database) => {
  const suite = useServer(database);

  test('finished games add their exact counts, once, in their scopes', async () => {
    const { server } = suite();
    const ann = await signInGuest(server, 'Ann');
    try {
      const withPerson = await endableGame(server, `g_cp1_${database}`, [
        { userID: ann.userID, bot: null },
        { userID: 'bot_easy', bot: 'easy_bot' },
        { userID: 'bot_adv', bot: 'basic_bot' },
      ]);
      const botsOnly = await endableGame(server, `g_cp2_${database}`, [
        { userID: 'bot_easy', bot: 'easy_bot' },
        { userID: 'bot_adv', bot: 'basic_bot' },
      ]);
      expect(await saveEnd(server, withPerson)).toBe(true);
      expect(await saveEnd(server, withPerson)).toBe(false);
      expect(await saveEnd(server, botsOnly)).toBe(true);

      const rows = await server.app.services.db.kysely.selectFrom('card_play').selectAll().orderBy('scope').orderBy('card_id').execute();
      const expectRows = (scope: string, games: Game[]) => {
        const expected = summed(games);
        const stored = rows.filter((r) => r.scope === scope);
        expect(stored.map((r) => r.card_id)).toEqual([...expected.keys()].sort((a, b) => a - b));
        for (const r of stored) {
          const e = expected.get(r.card_id)!;
          expect({ offered: r.offered, picked: r.picked, gained_games: r.gained_games, gains: r.gains }).toEqual({ offered: e.offered, picked: e.picked, gained_games: e.gainedGames, gains: e.gains });
          expect(r.win_share).toBeCloseTo(e.winShare, 9);
          expect(r.favor).toBeCloseTo(e.favor, 9);
          expect(r.favor_squares).toBeCloseTo(e.favorSquares, 9);
        }
      };
      expectRows('people', [withPerson]);
      expectRows('all', [withPerson, botsOnly]);

      // Exact counts of the game with a person, from its events: every card dealt to the row once
      // is offered once; every gain counts; each seat's leader counts as one gain.
      const events = withPerson.events;
      const dealt = new Set(events.flatMap((e) => (e.type === 'DEAL_CARD' ? [e.payload.cardID] : [])));
      const gainEvents = events.filter((e) => e.type === 'GAIN_CARD');
      const people = rows.filter((r) => r.scope === 'people');
      expect(people.reduce((n, r) => n + r.offered, 0)).toBe(dealt.size);
      expect(people.reduce((n, r) => n + r.gains, 0)).toBe(gainEvents.length + withPerson.players.length);
      const share = (userID: string) => (withPerson.winnerIDs.includes(userID) ? 1 / withPerson.winnerIDs.length : 0);
      const heldShares = withPerson.players.reduce((n, p) => n + share(p.userID) * (1 + gainEvents.filter((e) => e.payload.userID === p.userID).length), 0);
      expect(people.reduce((n, r) => n + r.win_share, 0)).toBeCloseTo(heldShares, 9);
      const gained = new Set(gainEvents.map((e) => (e.type === 'GAIN_CARD' ? e.payload.cardID : -1)));
      expect(people.reduce((n, r) => n + r.picked, 0)).toBe([...dealt].filter((id) => gained.has(id)).length);
      // The favor of the cards adds up to the favor the players' cards produced.
      const fromCards = Object.values(withPerson.statsByPlayerID!).reduce((n, s) => n + s.scoreFromCards + s.scoreFromProphecies, 0);
      expect(people.reduce((n, r) => n + r.favor, 0)).toBeCloseTo(fromCards, 9);

      // Through tRPC: the same sums, with figures only where enough games stand behind them.
      const report = await ann.client.definitions.cardPlay.query({ scope: 'all' });
      expect(report.minGames).toBe(MIN_GAMES);
      expect(report.cards.length).toBe(rows.filter((r) => r.scope === 'all').length);
      for (const card of report.cards) {
        const e = summed([withPerson, botsOnly]).get(card.cardID)!;
        expect(card).toMatchObject({ offered: e.offered, picked: e.picked, gainedGames: e.gainedGames, gains: e.gains, ...cardPlayFigures(e) });
        // Two games are too few for any figure.
        expect([card.pickRate, card.gainersWinRate, card.favorPerGain]).toEqual([null, null, null]);
      }
    } finally {
      ann.close();
    }
  });

  test('games ending at once all count (their rows are added to, not overwritten)', async () => {
    const { server } = suite();
    const seats = [
      { userID: 'bot_easy', bot: 'easy_bot' as const },
      { userID: 'bot_adv', bot: 'basic_bot' as const },
    ];
    const read = async () => new Map((await server.app.services.db.kysely.selectFrom('card_play').selectAll().where('scope', '=', 'all').execute()).map((r) => [r.card_id, r]));
    const before = await read();
    const games = await Promise.all([0, 1, 2, 3].map((i) => endableGame(server, `g_cp_at_once_${i}_${database}`, seats)));
    expect(await Promise.all(games.map((g) => saveEnd(server, g)))).toEqual([true, true, true, true]);
    const after = await read();
    for (const [id, e] of summed(games)) {
      const was = before.get(id);
      expect([after.get(id)!.offered - (was?.offered ?? 0), after.get(id)!.gains - (was?.gains ?? 0)]).toEqual([e.offered, e.gains]);
    }
  });

  test("a game played with a module that replaces core cards (a developer's No Upgrades) adds nothing to the core cards' figures", async () => {
    const { server } = suite();
    const dev = await signInGuest(server, 'Devi');
    await server.app.services.users.makeDev(dev.userID);
    const offered = async () => Number((await server.app.services.db.kysely.selectFrom('card_play').select((eb) => eb.fn.sum<number>('offered').as('n')).executeTakeFirst())?.n ?? 0);
    try {
      const before = await offered();
      await gameLeftToBots(dev, ['noupgrade']);
      expect(await offered()).toBe(before);
      // The same game without the module counts: the check above could fail.
      await gameLeftToBots(dev, []);
      expect(await offered()).toBeGreaterThan(before);
    } finally {
      dev.close();
    }
  });
});
