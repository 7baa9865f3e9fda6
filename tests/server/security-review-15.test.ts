/**
 * Weaknesses a fifteenth security review found, each proved here before it was fixed.
 * A replay file opened at /replay (read in the browser, never uploaded: the server does no work on
 * one) was re-run with the card set it carried, trusted as it stood: a tribute of no known kind
 * threw a TypeError out of the engine, a card of no known type or name out of the replay's
 * drawing, and the page said nothing. The card set is now checked as the data files are. Nor was
 * there a limit on a file's actions but its 20 MB: a bid taken back and made again, 200,000 times
 * in 14 MB, took 3.5 s of CPU and 308 MB to re-run and keep (20 MB: 290,000 steps); a file lists
 * at most 10,000 now (tests/web/components/replay-file-damaged.test.tsx has what else a file made
 * by hand can throw, and the page's words for it). And a player who let the stand-in play most of
 * a game was not counted as stood in if they padded the turns they played: each bid taken back
 * and made again counted as two decisions, seven a turn against the stand-in's one or two, so
 * three turns of fifteen played in person made the stand-in's win and rating the player's own.
 * A bid taken back is no decision now, on the server and in the web client's count alike.
 *
 * Looked at and found sound: a subscription stopped while its checks run goes on, but holds one
 * of its socket's 100 places (150 `games.onGame` each sent with its stop: 100 started, 50 refused
 * `Too many subscriptions on this connection: at most 100.`), as many as subscribing outright;
 * a loop of refused subscriptions is answered 120 times and then refused until the socket is
 * closed at 600 requests. A patch for a player or spectator when another player bids is 235
 * bytes (127 deflated) whatever the bid, and when another chooses a card, the same for each
 * choice. No procedure, route or field was added since the fourteenth review.
 */
import { describe, expect, test } from 'vitest';
import { GAME_DEFINITIONS } from '../../src/engine/data.js';
import { startGame } from '../../src/engine/index.js';
import { checkReplay, MAX_REPLAY_ACTIONS, replayOf, ReplayFileError, type ReplayAction, type ReplayFile } from '../../src/engine/replay-file.js';
import { recordOfReplayFile } from '../../src/engine/replay-record.js';
import { FAIR_DICE_VERIFIED, rebuild, verify } from '../../src/engine/replay.js';
import { botSkill, INITIAL_SKILL, rateGame, displayRating } from '../../src/server/ratings/model.js';
import { forfeitsIn } from '../../src/shared/forfeit.js';
import { playToEnd } from '../support/play.js';
import { DATABASES, useServer } from './databases.js';
import { endableGame, saveEnd } from './endable-games.js';
import { signInGuest } from './support.js';

describe('a replay file made by hand', () => {
  // A two-seat game played to its end, as the file `mythos tournament --save-games` writes.
  const seats = [
    { userID: 'p1', botType: null },
    { userID: 'p2', botType: null },
  ];
  const { game, actions } = playToEnd(startGame({ players: seats, definitions: GAME_DEFINITIONS, options: { unbid: true } }, 5, 0), 5);
  const file = (): ReplayFile => structuredClone(replayOf({ seats, options: { unbid: true }, modules: [] }, 5, 0, actions, game));
  const refusal = (doc: unknown): string => {
    try {
      checkReplay(doc);
    } catch (error) {
      if (error instanceof ReplayFileError) return error.message;
      throw error;
    }
    return 'accepted';
  };

  test('the game as saved re-runs and its dice verify', () => {
    const record = recordOfReplayFile(checkReplay(JSON.parse(JSON.stringify(file()))));
    const verification = verify(record, rebuild(record));
    expect(verification.ok ? FAIR_DICE_VERIFIED : verification.problem).toBe(FAIR_DICE_VERIFIED);
  });

  test(`lists at most ${MAX_REPLAY_ACTIONS} actions, each a step the viewer's browser re-runs and keeps`, () => {
    // A bid taken back and made again, over and over: the engine has no limit on it (the server's
    // is 3 a turn), and 20 MB of them were 290,000 steps the replay re-ran twice and kept.
    const padded = file();
    const firstBid = padded.actions.findIndex((a) => a.action.type === 'BID');
    const bid = padded.actions[firstBid]!;
    const again: ReplayAction[] = [];
    while (padded.actions.length + again.length <= MAX_REPLAY_ACTIONS) again.push({ ...bid, action: { type: 'UNBID' } }, bid);
    padded.actions.splice(firstBid + 1, 0, ...again);
    expect(refusal(JSON.parse(JSON.stringify(padded)))).toBe(`actions lists ${padded.actions.length} actions, more than any game takes (at most ${MAX_REPLAY_ACTIONS})`);
  });

  test('holds a card set the data files could hold: the game is re-run with it and the replay draws it', () => {
    // A tribute of no known kind threw a TypeError out of the engine as the game re-ran
    // ("checks[rule.function] is not a function"); a card of no known type, affinity or name, out
    // of the replay's drawing; either left /replay as it was, saying nothing.
    type Definitions = Record<string, Record<string, unknown>>;
    const edited = (edit: (cards: Definitions, tributes: Definitions) => void): unknown => {
      const doc: { final: { cardsByID: Definitions; tributeCardsByID: Definitions } } = JSON.parse(JSON.stringify(file()));
      edit(doc.final.cardsByID, doc.final.tributeCardsByID);
      return doc;
    };
    const [tributeKey, tribute] = Object.entries(game.tributeCardsByID)[0]!;
    expect(refusal(edited((_, tributes) => (tributes[tributeKey]!.function = 'takeEverything')))).toMatch(
      new RegExp(`^final\\.tributeCardsByID: tribute ${tribute.id} \\(${tribute.name}\\): field function: Invalid discriminator value`),
    );
    const [cardKey, card] = Object.entries(game.cardsByID)[0]!;
    expect(refusal(edited((cards) => (cards[cardKey]!.type = 'Wonder')))).toBe(`final.cardsByID: card ${card.id} (${card.name}): field type: invalid card type string: Wonder`);
    expect(refusal(edited((cards) => delete cards[cardKey]!.name))).toBe(`final.cardsByID: card ${card.id}: field name: Invalid input: expected string, received undefined`);
    // A card filed under another card's id.
    const other = Object.values(game.cardsByID)[1]!;
    expect(refusal(edited((cards) => (cards[cardKey] = cards[String(other.id)]!)))).toBe(`final.cardsByID[${JSON.stringify(cardKey)}] holds the definition of ${other.id}`);
  });
});

describe.each(DATABASES)('a seat the stand-in mostly played, on %s', (database) => {
  const suite = useServer(database);

  test('counts as stood in however often its player took a bid back in the turns they played', async () => {
    // Fifteen turns: the stand-in played twelve (a bid and a card each) while the page was hidden;
    // the player played three, each bid taken back and made again three times (the server allows
    // three a turn). Counted as actions, that was 24 of the stand-in's against 24 of the player's:
    // not more than half, so the stand-in's game counted as the player's own, win and rating.
    const { server } = suite();
    const { db } = server.app.services;
    const [ann, bob] = [await signInGuest(server, 'Ann'), await signInGuest(server, 'Bob')];
    try {
      const game = await endableGame(server, `g_padded_${database}`, [
        { userID: ann.userID, bot: null },
        { userID: bob.userID, bot: null },
      ]);
      const favor = (id: string) => game.statsByPlayerID![id]!.score;
      // The one who scored more (or either, on a tie) let the stand-in play: counted as their own, they would place first.
      const [away, here] = favor(ann.userID) >= favor(bob.userID) ? [ann, bob] : [bob, ann];
      const bid = JSON.stringify({ type: 'BID', bid: { military: 0, tradeRowIndex: 0 } });
      const unbid = JSON.stringify({ type: 'UNBID' });
      const resolve = JSON.stringify({ type: 'RESOLVE', resolve: { cardIDToGain: 300 } });
      const turns = Array.from({ length: 15 }, (_, turn) =>
        turn < 12
          ? [
              { user_id: away.userID, action_json: bid, stand_in: 'turn timer' },
              { user_id: away.userID, action_json: resolve, stand_in: 'turn timer' },
              { user_id: here.userID, action_json: bid, stand_in: null },
              { user_id: here.userID, action_json: resolve, stand_in: null },
            ]
          : [
              ...[bid, unbid, bid, unbid, bid, unbid, bid].map((action_json) => ({ user_id: away.userID, action_json, stand_in: null })),
              { user_id: here.userID, action_json: bid, stand_in: null },
              { user_id: away.userID, action_json: resolve, stand_in: null },
              { user_id: here.userID, action_json: resolve, stand_in: null },
            ],
      ).flat();
      await db.kysely
        .insertInto('game_actions')
        .values(turns.map((row, i) => ({ game_id: game.id, sequence_id: i + 1, at: i, ...row })))
        .execute();
      expect(await saveEnd(server, game)).toBe(true);

      const seen = (await away.client.users.myGames.query({})).games[0]!.players;
      expect(seen.map((p) => [p.userID, p.forfeit, p.won])).toEqual(game.players.map((p) => [p.userID, p.userID === away.userID ? 'stood in' : null, p.userID === here.userID]));
      // Rated as a loss, the other person as beating the stand-in bot that played the seat.
      const expected = rateGame(
        game.players.map((p) => {
          const seat = { skill: INITIAL_SKILL, favor: favor(p.userID), fixed: false };
          return p.userID === away.userID ? { ...seat, forfeited: true as const, playedAs: botSkill('basic_bot'), standIn: true } : { ...seat, forfeited: false as const };
        }),
      );
      const changes = await here.client.ratings.ofGame.query({ gameID: game.id });
      for (const [seat, p] of game.players.entries()) expect(changes[p.userID]).toMatchObject({ before: 1500, after: displayRating(expected[seat]!) });
      // The end-of-game view and the replay read it from the game's record, and a record that does
      // not say (a replay file from before it did) counts its log by the same rule.
      const record = await here.client.replays.get.query({ gameID: game.id });
      expect([...forfeitsIn(record)]).toEqual([[away.userID, 'stood in']]);
      expect([...forfeitsIn({ log: record.log })]).toEqual([[away.userID, 'stood in']]);
    } finally {
      ann.close();
      bob.close();
    }
  });
});
