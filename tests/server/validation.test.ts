/**
 * Input validation at the edge: inputs zod refuses are a BAD_REQUEST that changes nothing, and the
 * engine's rule errors come back as a BAD_REQUEST with the engine's exact message and the
 * rule's stable code in `data.ruleCode`.
 */
import { describe, expect, test } from 'vitest';
import type { GameDefinitions } from '../../src/engine/index.js';
import { DATABASES, useServer } from './databases.js';
import { decisionNow, definitionsOf, simpleAction } from './play.js';
import { openLobby, refused, ruleRefusal, signInRoles, startedGame, type Refusal, type Roles } from './roles.js';
import type { Guest } from './support.js';

/** The field a BAD_REQUEST names: its message is one sentence, "Invalid {field}: {problem}" ("input" for the whole). */
function issuePath(refusal: Refusal): string {
  expect(refusal).toMatchObject({ code: 'BAD_REQUEST', httpStatus: 400, ruleCode: null });
  expect(refusal.message).toMatch(/^Invalid [\w.]+: \S/);
  return /^Invalid ([\w.]+):/.exec(refusal.message)![1]!;
}

interface Fixture {
  roles: Roles;
  definitions: GameDefinitions;
}

describe.each(DATABASES)('validation on %s', (database) => {
  const suite = useServer<Fixture>(database, {
    setup: async (server) => {
      const roles = await signInRoles(server);
      return { roles, definitions: await definitionsOf(roles.host.client) };
    },
    teardown: ({ roles }) => roles.close(),
  });

  describe('inputs zod refuses: BAD_REQUEST naming the field, and nothing changes', () => {
    test('lobby procedures', async () => {
      const { host } = suite().data.roles;
      const lobbyID = await openLobby(host);
      const lobbies = host.client.lobbies;
      const cases: [() => Promise<unknown>, string][] = [
        [() => lobbies.get.query({ lobbyID: 5 } as never), 'lobbyID'],
        [() => lobbies.get.query({} as never), 'lobbyID'],
        [() => lobbies.get.query({ lobbyID: '' }), 'lobbyID'],
        [() => lobbies.join.mutate({ lobbyID: 'l'.repeat(65) }), 'lobbyID'],
        [() => lobbies.kick.mutate({ lobbyID } as never), 'playerID'],
        [() => lobbies.addBot.mutate({ lobbyID, botType: 'super_bot' } as never), 'botType'],
        [() => lobbies.setOption.mutate({ lobbyID, option: 'fastMode', value: true } as never), 'option'],
        [() => lobbies.setOption.mutate({ lobbyID, option: 'hideFavor', value: 'yes' } as never), 'value'],
        [() => lobbies.setModule.mutate({ lobbyID, module: 'expansion', enabled: true } as never), 'module'],
        [() => lobbies.setModule.mutate({ lobbyID, module: 'altleaders' } as never), 'enabled'],
        [() => lobbies.start.mutate(null as never), 'input'],
      ];
      for (const [call, path] of cases) expect(issuePath(await refused(call()))).toBe(path);
      expect(await host.client.lobbies.get.query({ lobbyID })).toMatchObject({ sequenceID: 1, playerIDToBotType: [], modules: [] });
    });

    test('game actions', async () => {
      const { host, member } = suite().data.roles;
      const { gameID } = await startedGame(host, member);
      const before = await host.client.games.state.query({ gameID });
      const act = (action: unknown) => host.client.games.act.mutate({ gameID, action } as never);
      const cases: [() => Promise<unknown>, string][] = [
        [() => host.client.games.act.mutate({ action: { type: 'UNBID' } } as never), 'gameID'],
        [() => host.client.games.state.query({ gameID: 7 } as never), 'gameID'],
        [() => host.client.games.history.query({ includeBots: 'yes' } as never), 'includeBots'],
      ];
      for (const [call, path] of cases) expect(issuePath(await refused(call()))).toBe(path);
      // A malformed action is read by the engine's parseAction: the engine's message for that field.
      const max = (/Max bid: (\d+)$/.exec((await refused(act({ type: 'BID', bid: { military: 1e9, tradeRowIndex: 0 } }))).message) ?? [])[1];
      const actions: [unknown, string, string][] = [
        [{ type: 'DANCE' }, 'action/unknown-type', 'unknown action type: DANCE'],
        [undefined, 'action/unknown-type', 'unknown action type: undefined'],
        [{ type: 'BID' }, 'bid/invalid-trade-row-index', 'Invalid trade row index.'],
        [{ type: 'BID', bid: { military: '1', tradeRowIndex: 0 } }, 'bid/invalid-military', `Invalid military bid: NaN. Max bid: ${max}`],
        [{ type: 'BID', bid: { military: 1 } }, 'bid/invalid-trade-row-index', 'Invalid trade row index.'],
        [{ type: 'REROLL', rollSelection: { rerollType: 'x'.repeat(17), rerollRound: 0 } }, 'reroll/invalid-type', 'invalid reroll type'],
        [{ type: 'REROLL', rollSelection: { rerollType: 'decline' } }, 'reroll/round-mismatch', 'reroll count does not match'],
        [{ type: 'RESOLVE', resolve: { cardIDToGain: '100' } }, 'resolve/card-not-found', 'card to gain not found'],
      ];
      for (const [action, code, message] of actions) expect(await refused(act(action))).toMatchObject(ruleRefusal(code, message));
      expect((await host.client.games.state.query({ gameID })).sequenceID).toBe(before.sequenceID);
    });

    test('session, users and chat', async () => {
      const { host } = suite().data.roles;
      const room = `lobby/${await openLobby(host)}`;
      const cases: [() => Promise<unknown>, string][] = [
        [() => host.client.session.rename.mutate({ name: 12 } as never), 'name'],
        [() => host.client.session.rename.mutate({} as never), 'name'],
        [() => host.client.users.byIDs.query({ ids: 'u_1' } as never), 'ids'],
        [() => host.client.users.byIDs.query({ ids: Array.from({ length: 201 }, (_, i) => `u_${i}`) }), 'ids'],
        [() => host.client.users.profile.query({ userID: null } as never), 'userID'],
        [() => host.client.chat.send.mutate({ room, message: 42 } as never), 'message'],
        [() => host.client.chat.send.mutate({ room, message: 'x'.repeat(2_001) }), 'message'],
        [() => host.client.chat.send.mutate({ message: 'hi' } as never), 'room'],
        [() => host.client.chat.history.query({ room: '' }), 'room'],
      ];
      for (const [call, path] of cases) expect(issuePath(await refused(call()))).toBe(path);
      expect((await host.client.session.me.query())!.name).toBe('Hana');
      expect(await host.client.chat.history.query({ room })).toEqual([]);
    });
  });

  describe("rule errors: the engine's message and the rule code", () => {
    test('in planning: bids out of range, a second bid, unbid, and actions of other phases', async () => {
      const { roles, definitions } = suite().data;
      const { host, member } = roles;
      const { gameID } = await startedGame(host, member);
      const { update, decision } = await decisionNow(host.client, gameID, definitions, host.userID);
      if (decision?.type !== 'BID') throw new Error(`expected a bid decision, got ${decision?.type}`);
      const max = decision.maxMilitary;
      const act = (action: Parameters<typeof host.client.games.act.mutate>[0]['action']) => host.client.games.act.mutate({ gameID, action });
      const bid = (military: number, tradeRowIndex: number) => act({ type: 'BID', bid: { military, tradeRowIndex } });

      const rowSize = update.game.tableIDs.length;
      for (const index of [rowSize, 99, -1, 0.5]) {
        expect(await refused(bid(0, index))).toMatchObject(ruleRefusal('bid/invalid-trade-row-index', 'Invalid trade row index.'));
      }
      for (const military of [max + 1, -1, 0.5]) {
        expect(await refused(bid(military, 0))).toMatchObject(ruleRefusal('bid/invalid-military', `Invalid military bid: ${military}. Max bid: ${max}`));
      }
      expect(await refused(act({ type: 'UNBID' }))).toMatchObject(ruleRefusal('unbid/no-bid', 'no bid to unbid'));
      expect(await refused(act({ type: 'RESOLVE', resolve: { cardIDToGain: update.game.basicPile[0]! } }))).toMatchObject(
        ruleRefusal('resolve/out-of-phase', 'You can only gain a card during the resolution phase.'),
      );
      expect(await refused(act({ type: 'REROLL', rollSelection: { rerollType: 'decline', rerollRound: 0 } }))).toMatchObject(
        ruleRefusal('reroll/out-of-phase', 'You can only reroll during the war phase.'),
      );
      expect((await host.client.games.state.query({ gameID })).sequenceID).toBe(update.sequenceID);

      await bid(max, 0);
      expect(await refused(bid(0, 1))).toMatchObject(ruleRefusal('bid/already-submitted', 'bid already submitted'));
      await act({ type: 'UNBID' });
      await bid(0, 1);
      const state = await host.client.games.state.query({ gameID });
      expect(state.game.bidsByPlayerID).toEqual({ [host.userID]: { military: 0, tradeRowIndex: 1 } });
      expect(state.sequenceID).toBe(update.sequenceID + 3);
    });

    test('with unbid off, unbid is refused', async () => {
      const { host, member } = suite().data.roles;
      const lobbyID = await openLobby(host, member);
      await host.client.lobbies.setOption.mutate({ lobbyID, option: 'unbid', value: false });
      const { gameID } = await host.client.lobbies.start.mutate({ lobbyID });
      await host.client.games.act.mutate({ gameID, action: { type: 'BID', bid: { military: 0, tradeRowIndex: 0 } } });
      expect(await refused(host.client.games.act.mutate({ gameID, action: { type: 'UNBID' } }))).toMatchObject(
        ruleRefusal('unbid/not-enabled', 'unbid is not enabled'),
      );
    });

    test('in resolution: cards that may not be gained, a second resolve, and planning actions', async () => {
      const { roles, definitions } = suite().data;
      const { host, member } = roles;
      const { gameID } = await startedGame(host, member);
      await host.client.games.act.mutate({ gameID, action: { type: 'BID', bid: { military: 0, tradeRowIndex: 0 } } });
      await member.client.games.act.mutate({ gameID, action: { type: 'BID', bid: { military: 0, tradeRowIndex: 1 } } });
      const { update, decision } = await decisionNow(host.client, gameID, definitions, host.userID);
      expect(update.game.phase).toBe('RESOLUTION');
      const act = (action: Parameters<typeof host.client.games.act.mutate>[0]['action']) => host.client.games.act.mutate({ gameID, action });
      const resolve = (cardIDToGain: number) => act({ type: 'RESOLVE', resolve: { cardIDToGain } });

      expect(await refused(resolve(1))).toMatchObject(ruleRefusal('resolve/card-not-found', 'card to gain not found'));
      const membersCard = update.game.tableIDs[1]!;
      expect(await refused(resolve(membersCard))).toMatchObject(ruleRefusal('resolve/invalid-card', 'Invalid card selection.'));
      expect(await refused(act({ type: 'BID', bid: { military: 0, tradeRowIndex: 0 } }))).toMatchObject(
        ruleRefusal('bid/out-of-phase', 'You can only bid during the planning phase.'),
      );
      expect(await refused(act({ type: 'UNBID' }))).toMatchObject(ruleRefusal('unbid/out-of-phase', 'cannot unbid after planning phase'));
      // A card out of reach for its gold (one that lacks only Clash tokens is refused for those).
      const gold = update.game.players.find((p) => p.userID === host.userID)!.counters.gold;
      const unaffordable = decision?.type === 'RESOLVE' ? decision.choices.find((c) => c.goldCost > gold) : undefined;
      if (unaffordable) expect(await refused(resolve(unaffordable.cardID))).toMatchObject(ruleRefusal('resolve/not-enough-gold', 'Not enough gold'));

      await act(simpleAction(decision)!);
      expect(await refused(resolve(update.game.basicPile[0]!))).toMatchObject(ruleRefusal('resolve/already-submitted', 'resolve already submitted'));
      // The other player's gain is still private while they choose.
      const spectator = await roles.outsider.client.games.state.query({ gameID });
      expect(spectator.game.resolvesByPlayerID).toEqual({});
      expect((await member.client.games.state.query({ gameID })).game.resolvesByPlayerID).toEqual({});
    });

    test('in war: reroll choices out of turn, of the wrong round or kind; then a reroll and a decline', async () => {
      const { roles, definitions } = suite().data;
      const { host, member } = roles;
      const lobbyID = await openLobby(host, member);
      await host.client.lobbies.setOption.mutate({ lobbyID, option: 'rerollTokens', value: true });
      const { gameID } = await host.client.lobbies.start.mutate({ lobbyID });
      const players = [host, member];

      // Both bid nothing on the first card every turn: each clash's loser ties on bonus and earns a
      // reroll token, so usually by the third clash someone who lost before loses again, holding a
      // token. (A base military gained on the way can break the tie on bonus: give it time.)
      let decider: Guest | null = null;
      for (let turn = 0; turn < 14 && !decider; turn++) {
        for (const player of players) await player.client.games.act.mutate({ gameID, action: { type: 'BID', bid: { military: 0, tradeRowIndex: 0 } } });
        for (const player of players) {
          const { decision } = await decisionNow(player.client, gameID, definitions, player.userID);
          if (decision?.type === 'REROLL') decider = player;
        }
        if (decider) break;
        for (const player of players) {
          const { decision } = await decisionNow(player.client, gameID, definitions, player.userID);
          await player.client.games.act.mutate({ gameID, action: simpleAction(decision)! });
        }
      }
      if (!decider) throw new Error('no reroll decision in fourteen clashes');
      const winner = players.find((p) => p !== decider)!;
      const { update, decision } = await decisionNow(decider.client, gameID, definitions, decider.userID);
      if (decision?.type !== 'REROLL') throw new Error('expected a reroll decision');
      expect(update.game.phase).toBe('WAR');
      const reroll = (who: Guest, rerollType: string, rerollRound: number) =>
        who.client.games.act.mutate({ gameID, action: { type: 'REROLL', rollSelection: { rerollType, rerollRound } } as never });

      expect(await refused(reroll(decider, 'decline', decision.rerollRound + 1))).toMatchObject(ruleRefusal('reroll/round-mismatch', 'reroll count does not match'));
      expect(await refused(reroll(decider, 'maybe', decision.rerollRound))).toMatchObject(ruleRefusal('reroll/invalid-type', 'invalid reroll type'));
      expect(await refused(reroll(winner, 'decline', decision.rerollRound))).toMatchObject(ruleRefusal('reroll/not-eligible', 'You have no reroll to decide.'));

      // The loser spends a token on a reroll; then whoever is asked next (the new loser may hold a
      // token too) declines, until the war is settled.
      await reroll(decider, 'reroll', decision.rerollRound);
      for (let asked = true; asked; ) {
        asked = false;
        for (const player of players) {
          const next = await decisionNow(player.client, gameID, definitions, player.userID);
          if (next.decision?.type !== 'REROLL') continue;
          await reroll(player, 'decline', next.decision.rerollRound);
          asked = true;
        }
      }
      expect((await host.client.games.state.query({ gameID })).game.phase).toBe('RESOLUTION');
      expect(await refused(reroll(decider, 'decline', 0))).toMatchObject(ruleRefusal('reroll/out-of-phase', 'You can only reroll during the war phase.'));
      const { events } = await host.client.games.state.query({ gameID });
      expect(events.some((e) => e.type === 'USE_REROLL' && e.payload.userID === decider.userID)).toBe(true);
    });
  });
});
