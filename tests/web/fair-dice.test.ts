/**
 * Fair dice in a real browser: the lobby page sends a random value for the dice as soon as the
 * player sits (and once only), lets them type their own, and shows the server's commitment and
 * everyone's values; a commitment other than the first this browser saw raises a loud warning,
 * on the lobby screen (the server changed its secret) and on the game screen; the end of a game
 * shows the revealed secret and everyone's values.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { commitmentOf } from '../../src/engine/index.js';
import { decisionNow, definitionsOf, simpleAction } from '../server/play.js';
import { guest, signInContext } from './support/finished-games.js';
import { DESKTOP, HAS_CHROMIUM, NO_CHROMIUM_REASON, loginAsGuest, newContext, screenshot, seriousAxeViolations, siteAndBrowser, userIDOf } from './support/site.js';

if (!HAS_CHROMIUM) console.warn(NO_CHROMIUM_REASON);

const WARNING = 'Warning: the server changed its commitment';

describe.skipIf(!HAS_CHROMIUM)('fair dice in the browser', () => {
  const suite = siteAndBrowser();

  async function hostWithLobby(name: string): Promise<{ page: Page; lobbyID: string; userID: string }> {
    const context = await newContext(suite.browser, DESKTOP);
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    await loginAsGuest(page, suite.site, name);
    await page.getByRole('button', { name: 'Create Lobby' }).click();
    await page.waitForURL(/\/lobby\/l_/);
    const lobbyID = new URL(page.url()).pathname.split('/').pop()!;
    return { page, lobbyID, userID: await userIDOf(page) };
  }

  const lobbyOf = (lobbyID: string) => suite.site.app.services.lobbies.get(lobbyID);
  const valueOf = async (lobbyID: string, userID: string) => (await lobbyOf(lobbyID)).players.find((p) => p.id === userID)?.seedValue;

  test('the lobby sends a random value for the player once, shows it and the commitment, and takes a typed one', async () => {
    const { page, lobbyID, userID } = await hostWithLobby('Dicey');
    // A random value (16 bytes of the browser's cryptographic generator) is sent without a click.
    await expect.poll(() => valueOf(lobbyID, userID), { timeout: 30_000 }).toMatch(/^[0-9a-f]{32}$/);
    const random = (await valueOf(lobbyID, userID))!;
    const lobby = await lobbyOf(lobbyID);
    expect(await page.getByTestId('server-commitment').textContent()).toBe(lobby.serverSecretCommitment);
    const values = page.getByRole('list', { name: 'Values for the dice, by seat' });
    await values.getByText(random, { exact: true }).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: WARNING }).count()).toBe(0);

    // A reload sends nothing new: the value given stays.
    await page.reload();
    await values.getByText(random, { exact: true }).waitFor();
    expect(await valueOf(lobbyID, userID)).toBe(random);

    // The player types their own: refused in words when the seed cannot take it, else sent.
    const field = page.getByLabel('Your value for the dice');
    await field.fill('dé');
    await page.getByRole('button', { name: 'Use my value' }).click();
    await page.getByText('A value for the dice may use only plain ASCII letters, digits, spaces and punctuation: "é" is not one.').waitFor();
    expect(await valueOf(lobbyID, userID)).toBe(random);
    // Spaces alone would show as no value at all.
    await field.fill('   ');
    await page.getByRole('button', { name: 'Use my value' }).click();
    await page.getByText('Enter a value for the dice: 1 to 64 letters, digits or punctuation.').waitFor();
    expect(await valueOf(lobbyID, userID)).toBe(random);
    await field.fill('my lucky day 7');
    await page.getByRole('button', { name: 'Use my value' }).click();
    await values.getByText('my lucky day 7', { exact: true }).waitFor();
    expect(await valueOf(lobbyID, userID)).toBe('my lucky day 7');
    expect(await field.inputValue()).toBe('');
    // The field no longer says the value in is the page's random one.
    await page.getByText('Your own value is in. Type another to replace it.').waitFor();
    expect(await page.getByText('The page gave a random one for you.', { exact: false }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'lobby-fair-dice');
  }, 180_000);

  test('a commitment that changes under an open lobby raises a loud warning', async () => {
    const { page, lobbyID, userID } = await hostWithLobby('Wary');
    await expect.poll(() => valueOf(lobbyID, userID), { timeout: 30_000 }).toMatch(/^[0-9a-f]{32}$/);
    const first = (await lobbyOf(lobbyID)).serverSecretCommitment!;
    // A server that draws a new secret after seeing the values (here, written straight into its
    // database), then shows the lobby again after a change.
    const other = randomBytes(32).toString('hex');
    await suite.site.app.services.db.kysely.updateTable('lobbies').set({ seed_secret: other }).where('id', '=', lobbyID).execute();
    await page.getByLabel('Hide favor').click();
    const warning = page.getByRole('alert').filter({ hasText: WARNING });
    await warning.waitFor();
    const text = await warning.textContent();
    expect(text).toContain(`This lobby first showed the commitment to the server's secret ${first}, and now shows ${commitmentOf(other)}.`);
    expect(text).toContain("do not trust this game's dice");
    await screenshot(page, 'lobby-commitment-changed');
  }, 180_000);

  test('the game keeps the commitment its lobby showed, and its screen warns when a later one differs', async () => {
    const { page, lobbyID } = await hostWithLobby('Gamer');
    const shown = (await lobbyOf(lobbyID)).serverSecretCommitment!;
    await page.getByRole('button', { name: 'Add Bot' }).click();
    await page.getByRole('button', { name: 'Start Game' }).click();
    await page.waitForURL(/\/game\/g_/);
    await page.locator('[data-game-phase]').waitFor();
    const gameID = new URL(page.url()).pathname.split('/').pop()!;
    // The game shows the lobby's commitment: no warning, and the browser holds it for the game.
    const held = await page.evaluate(() => JSON.parse(localStorage.getItem('mythosSeenCommitments') ?? '{}') as Record<string, string>);
    expect(held[`lobby/${lobbyID}`]).toBe(shown);
    expect(held[`game/${gameID}/server`]).toBe(shown);
    expect(held[`game/${gameID}/seed`]).toMatch(/^[0-9a-f]{64}$/);
    expect(await page.getByRole('alert').filter({ hasText: WARNING }).count()).toBe(0);

    // Had this browser seen another seed commitment for the game before, the screen says so.
    const earlier = 'ab'.repeat(32);
    await page.evaluate(([key, value]) => {
      const seen = JSON.parse(localStorage.getItem('mythosSeenCommitments') ?? '{}') as Record<string, string>;
      localStorage.setItem('mythosSeenCommitments', JSON.stringify({ ...seen, [key!]: value }));
    }, [`game/${gameID}/seed`, earlier]);
    await page.reload();
    const warning = page.getByRole('alert').filter({ hasText: WARNING });
    await warning.waitFor();
    expect(await warning.textContent()).toContain(`This game first showed the commitment to the seed ${earlier}, and now shows ${held[`game/${gameID}/seed`]}.`);
    await screenshot(page, 'game-commitment-changed');
  }, 180_000);

  test("the end of a game shows the server's commitment, its revealed secret and everyone's values", async () => {
    const fin = await guest(suite.site, 'Fin');
    const { id: lobbyID } = await fin.client.lobbies.create.mutate();
    await fin.client.lobbies.contribute.mutate({ lobbyID, value: 'end value' });
    await fin.client.lobbies.addBot.mutate({ lobbyID, botType: 'easy_bot' });
    const { gameID } = await fin.client.lobbies.start.mutate({ lobbyID });
    const definitions = await definitionsOf(fin.client);
    for (let step = 0; step < 1000; step++) {
      const { update, decision } = await decisionNow(fin.client, gameID, definitions, fin.userID);
      if (update.game.gameEndTimestamp !== null) break;
      const action = simpleAction(decision);
      if (action) await fin.client.games.act.mutate({ gameID, action });
    }
    fin.close();
    const game = (await suite.site.app.services.games.get(gameID))!;
    const context = await newContext(suite.browser, DESKTOP);
    await signInContext(context, suite.site, fin);
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    await page.goto(`${suite.site.url}/game/${gameID}`);
    const end = page.getByTestId('end-of-game');
    await end.waitFor();
    const text = (await end.textContent())!;
    expect(text).toContain("The seed was mixed from the server's secret and the players' values, so the server alone could not choose it.");
    expect(text).toContain(`The secret's own commitment (not the seed's), shown before the game began: ${game.serverSecretCommitment}`);
    expect(text).toContain(`Revealed server secret: ${game.serverSecret}`);
    expect(text).toContain(`The players' values, by seat: seat 1 "end value", seat 2 none`);
  }, 240_000);
});
