/**
 * Ratings where people play, in a real browser: beside every name in a lobby, in the lobby list
 * and on the game screen (provisional ones with "?", as on the leaderboard, all from one batched
 * query); the viewer's change ("+12" / "−8") in a finished game's end-of-game view, with the
 * ceiling's word where the bots' ceiling held it, and a game left to the bots counted as a loss;
 * and "Your games" (/my-games): the player's own games newest first, ten a page, reached from the
 * account menu. Axe-clean, no sideways scroll, screenshots at 1280x800 and 375x812. Each journey
 * runs once through the real server and page at each width, for what a width changes (the lobby
 * list's host beside the lobby's name, the game screen's row of summaries, the account menu, the
 * pager, the end view's layout, axe, fit, the screenshots); what the server answers is checked
 * once, on the desktop. The words and rows the components write from those answers are component
 * tests': tests/web/components/ratings-beside-names.test.tsx (each seat's rating and its words,
 * the lobby list's seat notes), end-rating-ceiling.test.tsx (the standings' Rating cells),
 * my-games-rows.test.tsx (results, rating changes, links, the count and page),
 * profile-my-games.test.tsx (the profile's link) and end-forfeit-unrated.test.tsx (a game left to
 * the bots crowns the other seat).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Game } from '../../src/engine/index.js';
import { insertGame, saveStep } from '../../src/server/services/game-store.js';
import type { Guest, Server } from '../server/support.js';
import { DESKTOP, HAS_CHROMIUM, NO_CHROMIUM_REASON, PHONE, launchBrowser, layoutShifts, newContext, screenshot, seriousAxeViolations, startSite, type Viewport, releaseBrowser } from './support/site.js';
import { guest, playFinishedGame, signInContext } from './support/finished-games.js';

if (!HAS_CHROMIUM) console.warn(NO_CHROMIUM_REASON);

/** Finished games stored directly (played by bots in memory, the player's seat given back to them), then the end saved: rated as any end is. */
const STORED_GAMES = 10;
/** The stored game the player left before its end. */
const LEFT_GAME = STORED_GAMES - 2;

const shown = (r: { rating: number; provisional: boolean }) => `${r.rating}${r.provisional ? '?' : ''}`;
const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : '\u00b10');
const CEILING_WITH_PEOPLE = (n: number) =>
  `With bots at the table, a rating rises no higher than the strongest bot's, or than the game among the people alone would take it (${n}): beating the bots added nothing above that.`;

describe.skipIf(!HAS_CHROMIUM)('ratings beside names, in the end view, and "Your games"', { timeout: 180_000 }, () => {
  let site: Server;
  let browser: Browser;
  let player: Guest;
  let rival: Guest;
  /** Played through the server to its end: its ratings moved, and it is the oldest of "Your games". */
  let playedGame: string;
  let runningGame: string;
  let openLobby: string;
  let botID: string;
  /** Who won `wonGame` alone, over `outplayed` and an Easy Bot. */
  let winner: Guest;
  let outplayed: Guest;
  let wonGame: string;
  /** The lobby list each width's first test leaves open, where its "Your games" test goes on. */
  const listPages = new Map<string, Page>();

  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
    player = await guest(site, 'Ariadne');
    rival = await guest(site, 'Minos');
    // One game played through the server to its end: its rating changes are the server's.
    playedGame = await playFinishedGame(player, ['easy_bot'], [rival]);
    // A running game against a bot, whose bot's user the stored games reuse.
    const { id: lobbyID } = await player.client.lobbies.create.mutate();
    await player.client.lobbies.addBot.mutate({ lobbyID, botType: 'easy_bot' });
    const lobby = await player.client.lobbies.get.query({ lobbyID });
    botID = lobby.playerIDToBotType[0]![0];
    const { games, db } = site.app.services;
    for (let i = 0; i < STORED_GAMES; i++) {
      const { game: played } = games.prepare({ id: `g_mine_${String(i).padStart(2, '0')}`, lobbyID: null, players: [{ userID: player.userID, botType: 'easy_bot' }, { userID: botID, botType: 'easy_bot' }], options: {}, modules: [] });
      const game: Game = { ...played, players: played.players.map((p) => ({ ...p, botType: p.userID === player.userID ? null : p.botType })) };
      await insertGame(db.kysely, { ...game, sequenceID: game.sequenceID - 1, gameEndTimestamp: null, statsByPlayerID: null }, null);
      // One of them the player left before its end (the third newest in the list): a loss, whatever the seat scored.
      if (i === LEFT_GAME) await db.kysely.insertInto('game_seats').values({ game_id: game.id, user_id: player.userID, decision_key: null, due_since: null, deadline: null, stand_in: 'left', left_at: 1 }).execute();
      expect(await db.kysely.transaction().execute((trx) => saveStep(trx, db.dialect, game, game.sequenceID - 1, [], []))).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 5)); // distinct start times: newest first is well defined
    }
    // A game of two people and an Easy Bot that one of them won alone, stored as the games above
    // are: played in memory until a game comes that this seat won, so no run leaves the outcome
    // to chance. The game of the two people alone sets the winner's ceiling, which holds the
    // rating the whole table would have given.
    winner = await guest(site, 'Phaedra');
    outplayed = await guest(site, 'Icarus');
    for (let i = 0; ; i++) {
      if (i === 100) throw new Error('Phaedra won none of 100 games alone');
      const { game: played, actions } = games.prepare({ id: `g_won_${i}`, lobbyID: null, players: [winner, outplayed, { userID: botID }].map((p) => ({ userID: p.userID, botType: 'easy_bot' as const })), options: {}, modules: [] });
      if (played.winnerIDs.length !== 1 || played.winnerIDs[0] !== winner.userID) continue;
      const game: Game = { ...played, players: played.players.map((p) => ({ ...p, botType: p.userID === botID ? p.botType : null })) };
      await insertGame(db.kysely, { ...game, sequenceID: game.sequenceID - 1, gameEndTimestamp: null, statsByPlayerID: null }, null);
      // With its actions, so that the end view's dice check finds the game the seed and they give.
      expect(await db.kysely.transaction().execute((trx) => saveStep(trx, db.dialect, game, game.sequenceID - 1, actions, []))).toBe(true);
      wonGame = game.id;
      break;
    }
    runningGame = (await player.client.lobbies.start.mutate({ lobbyID })).gameID;
    // An open lobby of the player's, with the rival and a bot seated.
    openLobby = (await player.client.lobbies.create.mutate()).id;
    await rival.client.lobbies.join.mutate({ lobbyID: openLobby });
    await player.client.lobbies.addBot.mutate({ lobbyID: openLobby, botType: 'basic_bot' });
  }, 150_000);

  afterAll(async () => {
    player?.close();
    rival?.close();
    winner?.close();
    outplayed?.close();
    await releaseBrowser(browser);
    await site?.close();
  });

  async function open(viewport: Viewport, path: string, who: Guest = player): Promise<Page> {
    const context = await newContext(browser, viewport);
    await signInContext(context, site, who);
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    await page.goto(`${site.url}${path}`);
    return page;
  }

  /** Axe-clean (outside `skip`, a part of the page another test answers for), no sideways scroll, and a screenshot. */
  async function checkPage(page: Page, viewport: Viewport, name: string, skip?: string): Promise<void> {
    const violations = await seriousAxeViolations(page);
    const outside = async (selector: string) => !skip || (await page.evaluate(([sel, part]) => document.querySelector(sel)?.closest(part) === null, [selector, skip] as const));
    const ours = [];
    for (const v of violations) {
      const nodes = [];
      for (const node of v.nodes) if (await outside(node)) nodes.push(node);
      if (nodes.length > 0) ours.push({ ...v, nodes });
    }
    expect(ours).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await screenshot(page, name);
  }

  for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    test(`ratings beside names: the lobby, the game screen and the lobby list (${label})`, async () => {
      const lobby = await player.client.lobbies.get.query({ lobbyID: openLobby });
      const ids = lobby.players.map((p) => p.id);
      const ratings = await player.client.ratings.ofUsers.query({ userIDs: ids });
      // What the server answers cannot differ by the screen's width: checked on the desktop.
      if (label === 'desktop') {
        expect(Object.keys(ratings).sort()).toEqual([...ids].sort());
        expect(ratings[rival.userID]!.provisional).toBe(true); // one rated game
      }

      const page = await open(viewport, `/lobby/${openLobby}`);
      const seats = page.getByRole('list', { name: 'Players' });
      await seats.getByText('Minos', { exact: true }).waitFor();
      for (const p of lobby.players) {
        const seat = seats.getByRole('listitem').filter({ hasText: p.name });
        await expect.poll(() => seat.locator('.mythos-rating [aria-hidden]').textContent()).toBe(shown(ratings[p.id]!));
      }
      await checkPage(page, viewport, `ratings-lobby-${label}`);

      // The game screen: every seat's summary.
      const game = await player.client.ratings.ofUsers.query({ userIDs: [player.userID, botID] });
      await page.goto(`${site.url}/game/${runningGame}`);
      for (const id of [player.userID, botID]) {
        const summary = page.locator(`.player-summary[data-player-id="${id}"]`);
        await expect.poll(() => summary.locator('.mythos-rating [aria-hidden]').textContent()).toBe(shown(game[id]!));
      }
      if (label === 'desktop') expect(game[botID]!.provisional).toBe(false); // a bot's rating is fixed and settled
      await screenshot(page, `ratings-game-${label}`);

      // The lobby list: the host's rating beside the host's name (in the Host column, or under the
      // lobby's name where a phone has no room for it: the one shown).
      const host = await player.client.ratings.ofUsers.query({ userIDs: [player.userID] });
      await page.goto(`${site.url}/lobby-list`);
      const row = page.locator(`tr[data-lobby-id="${openLobby}"]`);
      await row.waitFor();
      await expect.poll(() => row.locator('.mythos-rating [aria-hidden]').filter({ visible: true }).first().textContent()).toBe(shown(host[player.userID]!));
      // Play now, at the list's top, has a test of its own.
      await checkPage(page, viewport, `ratings-lobby-list-${label}`, '.mythos-play-now');
      // "Your games" goes on from here, through the account menu.
      listPages.set(label, page);
    });

    test(`the end-of-game view of a game with another person and a bot that the viewer won: the rating change, the ceiling's word with the numbers, and nothing moves (${label})`, async () => {
      // The game played through the server to its end moved the ratings of both its people. Its
      // end view is the one below (people and a bot, opened after the end), opened once, there.
      if (label === 'desktop') expect(Object.keys(await player.client.ratings.ofGame.query({ gameID: playedGame })).sort()).toEqual([player.userID, rival.userID].sort());
      const changes = await winner.client.ratings.ofGame.query({ gameID: wonGame });
      const mine = changes[winner.userID]!;
      // Held where the game of the two people alone took it, above the Easy Bot's 1500.
      if (label === 'desktop') {
        expect(Object.keys(changes).sort()).toEqual([winner.userID, outplayed.userID].sort());
        expect(mine.after).toBeGreaterThan(mine.before);
        expect(mine.cappedAt).toBe(mine.after);
      }
      const page = await open(viewport, `/game/${wonGame}`, winner);
      await expect.poll(() => page.getByTestId('end-place').textContent()).toBe('You won!');
      expect(await page.getByTestId('end-rating').textContent()).toBe(`Your rating: ${shown({ rating: mine.before, provisional: mine.provisionalBefore })} → ${shown({ rating: mine.after, provisional: mine.provisional })} (${signed(mine.after - mine.before)})`);
      expect(await page.getByTestId('end-rating-ceiling').textContent()).toBe(CEILING_WITH_PEOPLE(mine.cappedAt!));
      // A game already over when its page opens: the table, the end view, its rating changes (the
      // ceiling's word among them) and the odds come in one piece, and the bots' fixed ratings take
      // the room kept for them: the standings' Rating column, kept at its width while its numbers
      // come (added then, its neighbours slid aside: 0.013, and 0.07 on a phone once a bot's cell
      // read "1500 fixed"). The view drawn over the table (0.55), a line pushing what is under it
      // down (0.07), or the word's third line drawn after the view in room kept for two (0.023 on a
      // desktop), fails.
      await page.getByTestId('odds-chart').or(page.getByTestId('odds-chart-progress')).first().waitFor();
      expect((await layoutShifts(page)).filter((shift) => Number(shift.split(':')[0]) >= 0.02)).toEqual([]);
      await checkPage(page, viewport, `ratings-end-ceiling-${label}`);
      await page.context().close();
    });

    test(`"Your games" from the account menu, both pages (${label})`, async () => {
      const all = await player.client.users.myGames.query({ offset: 0, limit: 50 });
      // What the server answers: every game, newest first (the running one), the stored ones with
      // their rating changes, the one left counted as lost, the one played through the server last.
      if (label === 'desktop') {
        expect(all.total).toBe(STORED_GAMES + 2);
        expect(all.games[0]!.id).toBe(runningGame);
        expect(all.games[0]!.endTimestamp).toBeNull();
        expect(all.games[1]!.ratingChange).not.toBeNull();
        expect(all.games[1]!.players.find((p) => p.userID === player.userID)!.forfeit).toBeNull();
        expect(all.games[2]!.id).toBe(`g_mine_${String(LEFT_GAME).padStart(2, '0')}`);
        expect(all.games[2]!.players.find((p) => p.userID === player.userID)!.forfeit).toBe('left');
        expect(all.games.at(-1)!.id).toBe(playedGame);
      }
      // From the lobby list the test before left open, or the home page (the lobby list too) when run alone.
      const page = listPages.get(label) ?? (await open(viewport, '/'));
      listPages.delete(label);
      await page.getByRole('button', { name: /Account menu/ }).click();
      await page.getByRole('link', { name: 'Your games' }).click();
      await page.waitForURL('**/my-games');
      await page.getByRole('heading', { level: 1, name: 'Your games' }).waitFor();
      const list = page.getByRole('list', { name: 'Your games' });
      const items = list.locator(':scope > li');
      const shownIDs = () => items.evaluateAll((li) => li.map((e) => e.getAttribute('data-game-id')));
      await expect.poll(shownIDs).toEqual(all.games.slice(0, 10).map((g) => g.id));
      // Each player's name a finger can press, 24 px tall at least, as in a profile's recent games.
      const nameHeights = await list.locator('a[href^="/user/"]').evaluateAll((links) => links.map((a) => a.getBoundingClientRect().height));
      expect(nameHeights.length).toBeGreaterThan(0);
      expect(Math.min(...nameHeights)).toBeGreaterThanOrEqual(24);
      await checkPage(page, viewport, `my-games-${label}`);

      // Page 2: the two oldest, the game played through the server last of all (the list keeps the
      // first page's games until the second's come: they are waited for).
      await page.getByRole('button', { name: 'Page 2' }).click();
      await page.waitForURL('**/my-games?page=2');
      await expect.poll(shownIDs).toEqual(all.games.slice(10).map((g) => g.id));
      await checkPage(page, viewport, `my-games-page-2-${label}`);
      await page.context().close();
    });
  }

  test('a game left to the bots: the end view says it counted as a loss, whatever the seat scored', async () => {
    // A site of its own whose games are finished by bots one second after nobody has them open.
    const quick = await startSite({ abandonedGameSeconds: 1 });
    const absent = await guest(quick, 'Theseus');
    try {
      const { id: lobbyID } = await absent.client.lobbies.create.mutate();
      await absent.client.lobbies.addBot.mutate({ lobbyID, botType: 'easy_bot' });
      const { gameID } = await absent.client.lobbies.start.mutate({ lobbyID });
      // Watched from the lobby list: opening the game would count as being there.
      await expect
        .poll(async () => (await absent.client.lobbies.list.query()).find((l) => l.game?.id === gameID)?.status, { timeout: 60_000 })
        .toBe('finished');
      const change = (await absent.client.ratings.ofGame.query({ gameID }))[absent.userID]!;
      const context = await newContext(browser, DESKTOP);
      await signInContext(context, quick, absent);
      const page = await context.newPage();
      page.setDefaultTimeout(60_000);
      await page.goto(`${quick.url}/game/${gameID}`);
      // The stand-in played every one of the seat's decisions: whether it won or lost, the line under
      // the title says the game counted as a loss, beside the rating that fell.
      await expect.poll(() => page.getByTestId('end-place').textContent(), { timeout: 30_000 }).toBe('A bot made most of your choices, so the game counts as a loss.');
      expect(change.after).toBeLessThan(change.before);
      expect(await page.getByTestId('end-rating').textContent()).toBe(`Your rating: ${shown({ rating: change.before, provisional: change.provisionalBefore })} → ${shown({ rating: change.after, provisional: change.provisional })} (${signed(change.after - change.before)})`);
      // Nor is the seat crowned, whatever it scored: the bot, the one other seat, won.
      await page.getByRole('heading', { name: 'Easy Bot 1 wins!' }).waitFor();
      await screenshot(page, 'end-forfeit-desktop');
      // The replay, from the end view's link of a page scrolled down (to the basic piles), opens at its top.
      const replayLink = page.getByRole('link', { name: 'Watch the replay' });
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
      // Followed as a click on it would, without scrolling up to it first.
      await replayLink.evaluate((link) => (link as HTMLAnchorElement).click());
      await page.waitForURL(`**/game/${gameID}/replay`);
      // The address changes at the click; the page, once its code and the record have come.
      await page.getByTestId('replay-controls').waitFor();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await context.close();
    } finally {
      absent.close();
      await quick.close();
    }
  });
});
