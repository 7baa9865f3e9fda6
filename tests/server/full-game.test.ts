/**
 * A whole game through tRPC: one guest against easy_bot and basic_bot (which act at once, inside
 * the guest's own steps), the guest following `games.onGame` and answering from its own view; a
 * spectator following the same game. Then the finished game in the profile, in the history and on
 * the lobby.
 */
import { describe, expect, test } from 'vitest';
import type { GameDefinitions, GameEvent } from '../../src/engine/index.js';
import { DATABASES, useServer } from './databases.js';
import { gameFeed, type Feed } from './feeds.js';
import { decisionOf, definitionsOf, simpleAction, type GameUpdate } from './play.js';
import { openLobby, refused, ruleRefusal, signInRoles, startedGame, type Roles } from './roles.js';

interface Fixture {
  roles: Roles;
  definitions: GameDefinitions;
}

/** Checks a feed of game updates is gapless: newer sequenceIDs, each carrying the events after the last. */
function eventLogOf(updates: GameUpdate[]): GameEvent[] {
  const log: GameEvent[] = [];
  updates.forEach((update, index) => {
    if (index > 0) expect(update.sequenceID).toBeGreaterThan(updates[index - 1]!.sequenceID);
    expect(update.fromEvent).toBe(log.length);
    log.push(...update.events);
  });
  return log;
}

describe.each(DATABASES)('a full game against bots on %s', (database) => {
  const suite = useServer<Fixture>(database, {
    setup: async (server) => {
      const roles = await signInRoles(server);
      return { roles, definitions: await definitionsOf(roles.host.client) };
    },
    teardown: ({ roles }) => roles.close(),
  });

  test('a guest plays to the end over games.onGame; the stats show in the profile and the history', async () => {
    const { roles, definitions } = suite().data;
    const { host: guest, outsider: spectator, member } = roles;
    const lobbyID = await openLobby(guest);
    await guest.client.lobbies.addBot.mutate({ lobbyID, botType: 'easy_bot' });
    await guest.client.lobbies.addBot.mutate({ lobbyID, botType: 'basic_bot' });
    // Reroll tokens make reroll decisions likely (the guest declines them).
    await guest.client.lobbies.setOption.mutate({ lobbyID, option: 'rerollTokens', value: true });
    const { gameID } = await guest.client.lobbies.start.mutate({ lobbyID });

    const updates: Feed<GameUpdate> = gameFeed(guest.client.games.onGame, { gameID });
    const watched: Feed<GameUpdate> = gameFeed(spectator.client.games.onGame, { gameID });
    const first = await updates.until();
    expect(first.fromEvent).toBe(0);
    expect(first.events.map((e) => e.type)).toEqual(expect.arrayContaining(['SET_UP_AGE', 'DEAL_CARD', 'SET_UP_PHASE']));
    expect(first.game.viewerID).toBe(guest.userID);
    expect(first.game.players.map((p) => p.botType)).toEqual([null, 'easy_bot', 'basic_bot']);

    const answered: Record<string, number> = {};
    let update = first;
    for (let step = 0; update.game.gameEndTimestamp === null; step++) {
      if (step > 200) throw new Error('the game did not end in 200 steps');
      const action = simpleAction(decisionOf(update, definitions, guest.userID));
      if (!action) throw new Error(`nothing to decide in ${update.game.phase}, yet the bots do not act`);
      answered[action.type] = (answered[action.type] ?? 0) + 1;
      const { sequenceID } = await guest.client.games.act.mutate({ gameID, action });
      update = await updates.until((u) => u.sequenceID >= sequenceID);
      expect(update.sequenceID).toBe(sequenceID);
    }
    expect(answered.BID).toBe(15);
    expect(answered.RESOLVE).toBe(15);
    expect(answered.UNBID).toBeUndefined();

    // Every update arrived, in order, each with only the events that were new.
    const final = await guest.client.games.state.query({ gameID });
    expect(final.sequenceID).toBe(update.sequenceID);
    expect(eventLogOf(updates.items)).toEqual(final.events);
    expect(updates.items.slice(1).every((u) => u.fromEvent > 0)).toBe(true);
    expect(final.events.filter((e) => e.type === 'END_GAME_SCORING')).toHaveLength(3);
    expect(final.game.gameEndTimestamp).not.toBeNull();
    expect(final.game.winnerIDs.length).toBeGreaterThan(0);

    // The spectator saw the same game, never a bid before its reveal.
    await watched.until((u) => u.sequenceID === final.sequenceID);
    expect(eventLogOf(watched.items)).toEqual(final.events);
    for (const seen of watched.items) {
      expect(seen.game.viewerID).toBeNull();
      if (seen.game.phase === 'PLANNING') {
        expect(seen.game.bidsByPlayerID).toEqual({});
        expect(seen.game.players.every((p) => p.bid === null)).toBe(true);
      }
    }
    updates.close();
    watched.close();

    expect(await refused(guest.client.games.act.mutate({ gameID, action: { type: 'UNBID' } }))).toMatchObject(ruleRefusal('action/game-over', 'The game is over.'));

    // The profile: totals and the recent game with every player's stats.
    const profile = await member.client.users.profile.query({ userID: guest.userID });
    const stats = JSON.parse(profile.user.statsJSON) as { gamesPlayed: number; gamesWon: number; clashes: number };
    expect(stats.gamesPlayed).toBe(1);
    expect(stats.gamesWon).toBe(final.game.winnerIDs.includes(guest.userID) ? 1 : 0);
    expect(profile.recentGames).toHaveLength(1);
    const [recent] = profile.recentGames;
    expect(recent).toMatchObject({ id: gameID, endTimestamp: final.game.gameEndTimestamp, sequenceID: final.sequenceID });
    expect(recent!.players.map((p) => p.userID)).toEqual(final.game.players.map((p) => p.userID));
    for (const player of recent!.players) {
      const gameStats = JSON.parse(player.gameStatsJSON!) as { won: boolean; score: number };
      expect(gameStats.won).toBe(final.game.winnerIDs.includes(player.userID));
      expect(gameStats.score).toBe(final.game.players.find((p) => p.userID === player.userID)!.counters.favor);
    }
    expect(profile.users.map((u) => u.id).sort()).toEqual(final.game.players.map((p) => p.userID).sort());
    const bot = await guest.client.users.profile.query({ userID: final.game.players[1]!.userID });
    expect(JSON.parse(bot.user.statsJSON)).toMatchObject({ gamesPlayed: 1 });

    // The lobby shows the result.
    expect(await spectator.client.lobbies.get.query({ lobbyID })).toMatchObject({
      status: 'finished',
      game: { id: gameID, endTimestamp: final.game.gameEndTimestamp },
    });

    // The history: newest first; a game with bots only with includeBots; filtered by user.
    const later = await startedGame(member, spectator);
    const withBots = await member.client.games.history.query({ includeBots: true });
    expect(withBots.map((g) => g.id)).toEqual([later.gameID, gameID]);
    expect(withBots[1]).toMatchObject({
      players: final.game.players.map((p) => ({ userID: p.userID })),
      gameStartTimestamp: final.game.gameStartTimestamp,
      gameEndTimestamp: final.game.gameEndTimestamp,
    });
    expect((await member.client.games.history.query({})).map((g) => g.id)).toEqual([later.gameID]);
    expect((await member.client.games.history.query({ includeBots: false })).map((g) => g.id)).toEqual([later.gameID]);
    expect((await member.client.games.history.query({ includeBots: true, userID: guest.userID })).map((g) => g.id)).toEqual([gameID]);
    expect((await member.client.games.history.query({ includeBots: true, userID: spectator.userID })).map((g) => g.id)).toEqual([later.gameID]);
    expect(await member.client.games.history.query({ userID: guest.userID })).toEqual([]);
    expect(await member.client.games.history.query({ includeBots: true, userID: 'u_nobody' })).toEqual([]);
    const starts = withBots.map((g) => g.gameStartTimestamp);
    expect([...starts].sort((a, b) => b - a)).toEqual(starts);
  });
});
