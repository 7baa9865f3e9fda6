/**
 * A player who leaves after their last decision of the game, while the other still has one to
 * make (the last turn of a two-seat game: one submits their final choice and presses Leave), has
 * no stand-in action in the game's log: nothing was left to stand in for. The server records the
 * loss all the same (the table knows who left) and gives the win to the other; what the clients
 * read of the finished game must say the same.
 */
import { describe, expect, test } from 'vitest';
import { botDecision } from '../../src/bots/harness.js';
import { checkReplay } from '../../src/engine/replay-file.js';
import { pendingDecision, playAction, type Action, type Game } from '../../src/engine/index.js';
import { forfeitsIn, forfeitsInFile } from '../../src/shared/forfeit.js';
import { DATABASES, useServer } from './databases.js';
import { signInGuest } from './support.js';

/** Every decision of `game` to its end, each seat deciding as an Easy Bot would, in seat order. */
function decisionsToTheEnd(game: Game): { userID: string; action: Action }[] {
  const decisions: { userID: string; action: Action }[] = [];
  for (let i = 0; i < 10_000 && game.gameEndTimestamp === null; i++) {
    const seat = game.players.findIndex((_, s) => botDecision(game, s, 7, 'easy_bot') !== null);
    if (seat < 0) throw new Error('no seat to play');
    const userID = game.players[seat]!.userID;
    const action = botDecision(game, seat, 7, 'easy_bot')!;
    const next = playAction(game, userID, action, game.updateTimestamp);
    if (!next.ok) throw new Error(next.message);
    decisions.push({ userID, action });
    game = next.game;
  }
  if (game.gameEndTimestamp === null) throw new Error('the game did not end');
  return decisions;
}

const waiting = (game: Game, userID: string) => (pendingDecision(game, userID)?.type ?? 'WAIT_FOR_OTHERS') === 'WAIT_FOR_OTHERS';

describe.each(DATABASES)('a player who left after their last decision, on %s', (database) => {
  const suite = useServer(database);

  test('is recorded as having left, and the record and the replay file say so', async () => {
    const { server } = suite();
    const { games } = server.app.services;
    const [ann, bob] = [await signInGuest(server, 'Ann'), await signInGuest(server, 'Bob')];
    try {
      const gameID = `g_left_last_${database}`;
      const created = await games.create({ id: gameID, lobbyID: null, players: [ann, bob].map((p) => ({ userID: p.userID, botType: null })), options: {}, modules: [] });
      const decisions = decisionsToTheEnd(created);
      // The one who does not make the game's very last decision leaves once they made their own last.
      const lastDecider = decisions.at(-1)!.userID;
      const [leaver, stayer] = lastDecider === ann.userID ? [bob, ann] : [ann, bob];
      const leaversLast = decisions.findLastIndex((d) => d.userID === leaver.userID);
      for (const [i, { userID, action }] of decisions.entries()) {
        expect(await games.act(gameID, userID, action)).toMatchObject({ ok: true });
        if (i !== leaversLast) continue;
        const running = (await games.get(gameID))!;
        expect(running.gameEndTimestamp).toBeNull();
        expect(waiting(running, leaver.userID)).toBe(true);
        expect(waiting(running, stayer.userID)).toBe(false);
        await games.leave(gameID, leaver.userID);
      }
      expect((await games.get(gameID))!.gameEndTimestamp).not.toBeNull();

      // The recorded result: a loss for the one who left, the win the other's.
      const seats = (await stayer.client.users.myGames.query({})).games.find((g) => g.id === gameID)!.players;
      expect(seats.map((s) => [s.userID, s.won, s.forfeit])).toEqual(
        created.players.map((p) => [p.userID, p.userID === stayer.userID, p.userID === leaver.userID ? 'left' : null]),
      );

      // No stand-in took a decision of the leaver's: the log names nobody who left. The record says
      // who forfeited as the server recorded it, and so does the replay file.
      const record = await stayer.client.replays.get.query({ gameID });
      expect(record.log.filter((e) => e.kind === 'action' && e.standIn !== null)).toEqual([]);
      expect(record.forfeits).toEqual({ [leaver.userID]: 'left' });
      const file = checkReplay(await stayer.client.replays.file.query({ gameID }));
      expect(file.forfeits).toEqual({ [leaver.userID]: 'left' });
      // What the end view, the replay, /replay and `mythos replay` read of them: the recorded forfeit.
      expect([...forfeitsIn(record)]).toEqual([[leaver.userID, 'left']]);
      expect([...forfeitsInFile(file)]).toEqual([[leaver.userID, 'left']]);
    } finally {
      ann.close();
      bob.close();
    }
  }, 60_000);
});
