/**
 * What a blind player hears of a whole game: the game screen's news (a log region out of sight,
 * announcer.tsx) says each thing once, as it happens: their move and its limits, the bids
 * revealed and on which cards, each clash's result with its totals, the cards gained, a new age,
 * the game's end and who won; and the game's start, when the page opens on it. Nothing is said
 * twice, and nothing when nothing new came.
 * The whole game screen is rendered (the server stood in for: the game as the page receives it,
 * step by step), with 'Disable Animations' on, so a clash's result is on the screen at once.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { loadClashDice } from '../../../src/web/game/presentation/clash-dice.js';
import { botDecision } from '../../../src/bots/harness.js';
import type { Game } from '../../../src/engine/index.js';
import { act as play, ANN, BOB, beforeAndAfterClash, newGame, screenState } from '../support/screen-state.js';
import { gamePage } from '../support/game-page.js';
import { served } from '../support/served-game.js';

vi.mock('../../../src/web/lib/trpc.js', async () => ({ trpc: (await import('../support/trpc-stub.js')).trpcStub }));
vi.mock('../../../src/web/game/use-game-state.js', async () => ({ useGameState: (await import('../support/served-game.js')).servedGameState }));

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.useRealTimers();
});

/** Every seat with a decision makes the easy bot's (seat by seat, as the server does). */
function allAct(game: Game): Game {
  let next = game;
  for (const [seat, player] of game.players.entries()) {
    const action = botDecision(next, seat, 7, 'easy_bot');
    if (action) next = play(next, player.userID, action);
  }
  return next;
}

/** The lines the news region holds now, each with its element (a line is read once, when added). */
const newsLines = () => [...screen.getByRole('log', { name: 'Game news' }).querySelectorAll('p')];

test('a whole game, heard: each move due, the bids, the clashes with their totals, the gains, each age, the end and the winner, each once', { timeout: 180_000 }, () => {
  localStorage.setItem('userPrefs', JSON.stringify({ disableAnimations: true }));
  let game = newGame();
  served.state = screenState(game);
  const { rerender } = render(gamePage(game.id));
  const heard: string[] = [];
  const seen = new Set<Element>();
  const listen = () => {
    const added = newsLines().filter((p) => !seen.has(p));
    for (const p of added) seen.add(p);
    heard.push(...added.map((p) => p.textContent ?? ''));
    return added.length;
  };
  listen();
  for (let step = 0; step < 500 && game.gameEndTimestamp === null; step++) {
    game = allAct(game);
    served.state = screenState(game);
    act(() => rerender(gamePage(game.id)));
    listen();
    // The same view again (a render for nothing new): nothing is said.
    act(() => rerender(gamePage(game.id)));
    expect(listen()).toBe(0);
  }
  expect(game.gameEndTimestamp).not.toBeNull();
  const text = heard.join('\n');
  // The game's start (the page opened by the lobby's Start, Play now or Rematch), then the move,
  // when it is Ann's, with its limits.
  expect(heard[0]).toMatch(/^The game starts\. Your move: choose a card on the trade row and your bid, 0 to \d+ military\.$/);
  expect(heard.filter((line) => line.includes('The game starts.'))).toHaveLength(1);
  expect(heard.filter((line) => line.includes('Your move: choose a card on the trade row')).length).toBe(15);
  expect(text).toMatch(/Your move: (you won .+\. Gain it, or a basic card instead\.|gain a basic card\.)/);
  // The bids, revealed together, with the cards.
  expect(heard.filter((line) => line.startsWith('Bids revealed: ')).length).toBe(15);
  expect(text).toMatch(/Bids revealed: (Ann|Bob) bid \d+ military on [^,]+, (Ann|Bob) bid \d+ military on .+\./);
  // Each clash: who won, for which card, the totals.
  expect(text).toMatch(/(Ann|Bob) won the clash for .+ \((Ann|Bob) \d+, (Ann|Bob) \d+\)\./);
  // The cards gained.
  expect(text).toMatch(/(Ann|Bob) gained .+\./);
  // Each age's end.
  expect(text).toContain('Age 1 is over. Age 2 begins.');
  expect(text).toContain('Age 2 is over. Age 3 begins.');
  // The end, and who won, once.
  const winners = game.winnerIDs.map((id) => ({ [ANN]: 'Ann', [BOB]: 'Bob' })[id]);
  expect(heard.filter((line) => line.includes('The game is over.'))).toEqual([expect.stringMatching(new RegExp(`The game is over\\. ${winners.join(' and ')} won\\.$`))]);
  // No line said twice in a row (a region repeating itself at each render).
  for (let i = 1; i < heard.length; i++) expect(heard[i], heard.slice(i - 1, i + 1).join(' | ')).not.toBe(heard[i - 1]);
});

test('a page opened on a game already under way says nothing of its start', () => {
  let game = newGame();
  for (let step = 0; step < 20 && game.turn === 1; step++) game = allAct(game);
  expect(game.turn).toBe(2);
  served.state = screenState(game);
  render(gamePage(game.id));
  expect(newsLines().map((p) => p.textContent).join(' ')).not.toContain('The game starts.');
});

describe("a clash's dice, heard", () => {
  test('its start and its result once each, and its panel is no live region reading its table at every die', async () => {
    await loadClashDice();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const [before, after] = beforeAndAfterClash();
    served.state = screenState(before);
    const { rerender } = render(gamePage(before.id));
    served.state = screenState(after);
    act(() => rerender(gamePage(after.id)));
    const overlay = () => screen.queryByRole('region', { name: 'Clashes' });
    expect(overlay()).not.toBeNull();
    const card = after.events.find((e) => e.type === 'CONFLICT_RESULTS')!;
    const results = card.type === 'CONFLICT_RESULTS' ? card.payload : null;
    const name = screenState(after).cardsByID[results!.cardID]!.name;
    const said = () => newsLines().map((p) => p.textContent ?? '');
    // The dice start: the card and who rolls, and no result yet.
    expect(said().filter((line) => line.includes('Your move'))).toHaveLength(1);
    const bid = (id: string) => results!.rounds[0]![id]!.bonus;
    expect(said().filter((line) => !line.includes('Your move'))).toEqual([`Clash for ${name}: Ann (bid ${bid(ANN)}) and Bob (bid ${bid(BOB)}) roll the dice.`]);
    // Neither the rolling panel nor anything in it is a live region: the news alone speaks.
    expect(overlay()!.closest('[aria-live]')).toBeNull();
    expect(overlay()!.querySelectorAll('[aria-live], [role="status"], [role="log"], [role="alert"]')).toHaveLength(0);
    for (let waited = 0; overlay() !== null; waited += 100) {
      if (waited > 30_000) throw new Error('the dice did not leave in 30 s');
      act(() => vi.advanceTimersByTime(100));
      // The settled panel, in its corner and under the row: no live region either.
      for (const region of screen.queryAllByRole('region', { name: 'Clash results' })) expect(region.querySelectorAll('[aria-live]')).toHaveLength(0);
    }
    const winner = results!.winningPlayerID === ANN ? 'Ann' : 'Bob';
    const totals = (id: string) => results!.rounds.at(-1)![id]!.total;
    const result = `${winner} won the clash for ${name} (Ann ${totals(ANN)}, Bob ${totals(BOB)}).`;
    expect(said().filter((line) => line.includes('won the clash'))).toEqual([expect.stringContaining(result)]);
    expect(said().filter((line) => line.includes('roll the dice'))).toHaveLength(1);
  });
});

describe('the seats, heard', () => {
  test('the last seconds of the move: said once, with the time left', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const game = newGame();
    const seat = { userID: ANN, presence: 'here' as const, deadline: Date.now() + 12_000, standIn: null, left: false };
    served.state = { ...screenState(game), seatsByUserID: { [ANN]: seat } };
    const { rerender } = render(gamePage(game.id));
    const said = () => newsLines().map((p) => p.textContent ?? '');
    expect(said().filter((line) => line.includes('seconds left'))).toEqual([]);
    act(() => vi.advanceTimersByTime(2_500));
    expect(said().filter((line) => line.includes('seconds left'))).toEqual(['10 seconds left for your move.']);
    act(() => rerender(gamePage(game.id)));
    act(() => vi.advanceTimersByTime(5_000));
    expect(said().filter((line) => line.includes('seconds left'))).toEqual(['10 seconds left for your move.']);
  });

  test('another player away, back, gone, and a bot choosing for them: each said once', () => {
    const game = newGame();
    const base = screenState(game);
    served.state = base;
    const { rerender } = render(gamePage(game.id));
    const said = () => newsLines().map((p) => p.textContent ?? '');
    const next = (state: typeof base) => {
      served.state = state;
      act(() => rerender(gamePage(game.id)));
      act(() => rerender(gamePage(game.id)));
    };
    const first = said().length;
    next({ ...base, awayByUserID: { [BOB]: 'no connection' } });
    next({ ...base, awayByUserID: {} });
    const standIn = { type: 'STAND_IN', age: 1, turn: 1, phase: 'PLANNING', timestamp: Date.now(), payload: { userID: BOB, decision: 'BID', reason: 'left' } } as const;
    next({ ...base, events: [...base.events, standIn], awayByUserID: { [BOB]: 'left' } });
    expect(said().slice(first)).toEqual([
      'Bob is away: a bot plays for them until they are back.',
      'Bob is back.',
      'A bot bid for Bob, who left the game.',
      'Bob left the game: a bot plays for them to the end.',
    ]);
  });
});

describe('a clash with a reroll offered, heard', () => {
  test('its dice starting is said once a round rolled, with the bids; the verdict alone (a roll kept) starts nothing', async () => {
    await loadClashDice();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    // The first war in a game with reroll tokens whose clash's loser is offered a reroll.
    let game = newGame(11, Date.now(), { rerollTokens: true });
    let before = game;
    for (let step = 0; step < 500 && !(game.phase === 'WAR' && game.clashes.length > 0); step++) {
      before = game;
      game = allAct(game);
    }
    if (game.phase !== 'WAR') throw new Error('no reroll offered in this game');
    served.state = screenState(before);
    const { rerender } = render(gamePage(game.id));
    const overlay = () => screen.queryByRole('region', { name: 'Clashes' });
    const settle = () => {
      for (let waited = 0; overlay() !== null; waited += 100) {
        if (waited > 30_000) throw new Error('the dice did not leave in 30 s');
        act(() => vi.advanceTimersByTime(100));
      }
    };
    served.state = screenState(game);
    act(() => rerender(gamePage(game.id)));
    settle();
    // The loser keeps their roll: the clash is settled with no die rolled again.
    const clash = game.clashes[0]!;
    const loser = clash.playerIDs.find((id) => id !== clash.winningPlayerID)!;
    game = play(game, loser, { type: 'REROLL', rollSelection: { rerollType: 'decline', rerollRound: game.rerollRound } });
    served.state = screenState(game);
    act(() => rerender(gamePage(game.id)));
    settle();
    const name = screenState(game).cardsByID[clash.cardID]!.name;
    const bids = clash.playerIDs.map((id) => `${id === ANN ? 'Ann' : 'Bob'} (bid ${clash.rounds[0]![id]!.bonus})`).join(' and ');
    const said = newsLines().map((p) => p.textContent ?? '');
    expect(said.filter((line) => line.includes('roll the dice'))).toEqual([`Clash for ${name}: ${bids} roll the dice.`]);
  });
});
