/**
 * Nobody can compute a bot's secret bid, nor a stand-in's bid for an absent person, from the table.
 * Real server games are played; every bid a bot or stand-in makes is set against the best guess an
 * attacker could make of it: the likeliest bid of the bot's mixed strategy, worked out from the
 * bot seat's own view (more than any spectator or rival sees, under hideFavor too). Before bots
 * drew their bids from the game's secret seed, that guess was right every time.
 *
 * The bound: a bot never gives one bid a chance above MAX_BID_CHANCE (c), and the attacker's
 * guess is made without the secret draw, so each guess is right with a chance of at most c,
 * whatever came before. The number of right guesses in n bids is then at most a Binomial(n, c)
 * count, and the test fails only if it reaches the count that Binomial(n, c) reaches with a
 * chance below 1e-9: it cannot fail by bad luck, only if bids can be worked out.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as Harness from '../../src/bots/harness.js';
import { basicBidChances } from '../../src/bots/basic-bot.js';
import { easyBidChances } from '../../src/bots/easy-bot.js';
import { MAX_BID_CHANCE, type BidChance } from '../../src/bots/mixed-strategy.js';
import { viewFor, type Action, type BotType, type Game, type GameDefinitions, type GameView, type UserID } from '../../src/engine/index.js';
import { decisionNow, definitionsOf, simpleAction } from './play.js';
import { closedAfterEach, type Guest } from './support.js';

interface Decided {
  game: Game;
  seat: number;
  kind: BotType | null;
  action: Action | null;
}

/** Every decision the server's bots and stand-ins make, with the game as it stood. */
const decided = vi.hoisted(() => [] as Decided[]);

vi.mock('../../src/bots/harness.js', async (importOriginal) => {
  const harness = await importOriginal<typeof Harness>();
  const botDecision: typeof harness.botDecision = (game, seat, botSeed, kind = game.players[seat]!.botType) => {
    const action = harness.botDecision(game, seat, botSeed, kind);
    decided.push({ game, seat, kind, action });
    return action;
  };
  return { ...harness, botDecision };
});

const opened = closedAfterEach();
afterEach(() => {
  decided.length = 0;
});

/** Ann answers each of her decisions the simple way until the game ends. */
async function playOut(ann: Guest, gameID: string, definitions: GameDefinitions): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const { update, decision } = await decisionNow(ann.client, gameID, definitions, ann.userID);
    if (update.game.gameEndTimestamp !== null) return;
    const action = simpleAction(decision);
    if (!action) {
      await sleep(20);
      continue;
    }
    try {
      await ann.client.games.act.mutate({ gameID, action });
    } catch (error) {
      // Under the turn timer a slow answer of Ann's may have been played for her meanwhile: the
      // game has moved on, and she answers what is due now.
      const now = await ann.client.games.state.query({ gameID });
      if (now.sequenceID === update.sequenceID) throw error;
    }
  }
  throw new Error(`game ${gameID} did not end`);
}

const STRATEGIES: Partial<Record<BotType, (view: GameView, userID: UserID) => BidChance[]>> = {
  easy_bot: easyBidChances,
  basic_bot: basicBidChances,
};

/** The attacker's best guess of a bid: the likeliest of the bot's mixed strategy. */
function bestGuess(kind: BotType, game: Game, seat: number): BidChance['bid'] {
  const userID = game.players[seat]!.userID;
  const chances = STRATEGIES[kind]!(viewFor(game, userID), userID);
  return chances.reduce((a, b) => (b.chance > a.chance ? b : a)).bid;
}

/** The least count that Binomial(n, c) reaches with a chance below `risk`. */
function binomialBound(n: number, c: number, risk = 1e-9): number {
  const pmf: number[] = [];
  let logChoose = 0;
  for (let k = 0; k <= n; k++) {
    if (k > 0) logChoose += Math.log(n - k + 1) - Math.log(k);
    pmf.push(Math.exp(logChoose + k * Math.log(c) + (n - k) * Math.log(1 - c)));
  }
  let tail = 0;
  for (let k = n; k >= 0; k--) {
    tail += pmf[k]!;
    if (tail >= risk) return k + 1;
  }
  return 0;
}

interface Tally {
  bids: number;
  guessed: number;
}

/**
 * Per kind, the bids made (one per decision) and how many the attacker's best guess got right:
 * the bots' bids, or the stand-ins' for the people in `absent`.
 */
function tally(gameIDs: readonly string[], absent: readonly string[] | null): Map<BotType, Tally> {
  const seen = new Set<string>();
  const out = new Map<BotType, Tally>();
  for (const { game, seat, kind, action } of decided) {
    if (!gameIDs.includes(game.id) || !kind || action?.type !== 'BID') continue;
    const player = game.players[seat]!;
    if (absent ? !absent.includes(player.userID) : player.botType === null) continue;
    const key = `${game.id}/${seat}/${game.sequenceID}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const t = out.get(kind) ?? { bids: 0, guessed: 0 };
    t.bids++;
    const guess = bestGuess(kind, game, seat);
    if (guess.military === action.bid.military && guess.tradeRowIndex === action.bid.tradeRowIndex) t.guessed++;
    out.set(kind, t);
  }
  return out;
}

function expectUnguessable(tallies: Map<BotType, Tally>, kinds: BotType[]): void {
  expect([...tallies.keys()].sort()).toEqual([...kinds].sort());
  let bids = 0;
  let guessed = 0;
  for (const [kind, t] of tallies) {
    const said = `${kind}: ${t.guessed} of ${t.bids} bids guessed (bound ${binomialBound(t.bids, MAX_BID_CHANCE)})`;
    expect(t.bids, said).toBeGreaterThanOrEqual(40);
    expect(t.guessed, said).toBeLessThan(binomialBound(t.bids, MAX_BID_CHANCE));
    bids += t.bids;
    guessed += t.guessed;
  }
  // All together: well below every bid (the bound is under 90% of them from 90 bids on).
  const bound = binomialBound(bids, MAX_BID_CHANCE);
  const said = `${guessed} of ${bids} bids guessed (bound ${bound})`;
  expect(bound, said).toBeLessThanOrEqual(0.9 * bids);
  expect(guessed, said).toBeLessThan(bound);
}

describe("a bot's secret bid", () => {
  it('cannot be worked out from the table: the best guess is often wrong (Easy and Advanced Bots, with and without hideFavor)', async () => {
    const server = await opened.start({});
    const ann = await opened.signIn(server, 'Ann');
    const definitions = await definitionsOf(ann.client);
    const gameIDs: string[] = [];
    for (const hideFavor of [false, true]) {
      const { id: lobbyID } = await ann.client.lobbies.create.mutate();
      for (const botType of ['basic_bot', 'easy_bot', 'basic_bot', 'easy_bot', 'basic_bot', 'easy_bot', 'basic_bot'] as const) {
        await ann.client.lobbies.addBot.mutate({ lobbyID, botType });
      }
      if (hideFavor) await ann.client.lobbies.setOption.mutate({ lobbyID, option: 'hideFavor', value: true });
      const { gameID } = await ann.client.lobbies.start.mutate({ lobbyID });
      await playOut(ann, gameID, definitions);
      gameIDs.push(gameID);
    }
    expectUnguessable(tally(gameIDs, null), ['basic_bot', 'easy_bot']);
  }, 180_000);
});

describe("a stand-in's bid for an absent person", () => {
  it('cannot be worked out from the table either', async () => {
    const server = await opened.start({ turnTimerSeconds: 2 });
    const ann = await opened.signIn(server, 'Ann');
    const definitions = await definitionsOf(ann.client);
    const { id: lobbyID } = await ann.client.lobbies.create.mutate();
    // Seven people join and never open the game: once their first turn runs out, stand-ins play their seats.
    const absent: string[] = [];
    for (const name of ['Bob', 'Cat', 'Dan', 'Eve', 'Fay', 'Gus', 'Hal']) {
      const person = await opened.signIn(server, name);
      absent.push(person.userID);
      await person.client.lobbies.join.mutate({ lobbyID });
    }
    await ann.client.lobbies.setTurnTimer.mutate({ lobbyID, turnTimer: 'on' });
    const { gameID } = await ann.client.lobbies.start.mutate({ lobbyID });
    await playOut(ann, gameID, definitions);
    const { events } = await ann.client.games.state.query({ gameID });
    expect(events.filter((e) => e.type === 'STAND_IN' && (e.payload as { decision: string }).decision === 'BID').length).toBeGreaterThanOrEqual(40);
    expectUnguessable(tally([gameID], absent), ['basic_bot']);
  }, 180_000);
});
