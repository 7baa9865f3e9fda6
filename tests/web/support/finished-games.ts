/**
 * Finished games for the history and profile tests, played through the server before a browser
 * opens: a guest hosts, adds bots (which act at once with botDelayMs 0) and answers every decision
 * plainly from its own seat until the game ends. And a browser context signed in as that guest.
 */
import type { BrowserContext } from 'playwright-core';
import type { BotType } from '../../../src/engine/index.js';
import type { Server } from '../../server/support.js';
import { signInGuest, type Guest } from '../../server/support.js';
import { decisionNow, definitionsOf, simpleAction } from '../../server/play.js';

/** Plays one game to its end: `host` against `bots`, with `members` (other guests) answering too. */
export async function playFinishedGame(host: Guest, bots: BotType[] = ['easy_bot'], members: Guest[] = []): Promise<string> {
  const { id: lobbyID } = await host.client.lobbies.create.mutate();
  for (const member of members) await member.client.lobbies.join.mutate({ lobbyID });
  for (const botType of bots) await host.client.lobbies.addBot.mutate({ lobbyID, botType });
  const { gameID } = await host.client.lobbies.start.mutate({ lobbyID });
  const definitions = await definitionsOf(host.client);
  const people = [host, ...members];
  for (let step = 0; step < 1000; step++) {
    let acted = false;
    for (const person of people) {
      const { update, decision } = await decisionNow(person.client, gameID, definitions, person.userID);
      if (update.game.gameEndTimestamp !== null) return gameID;
      const action = simpleAction(decision);
      if (!action) continue;
      await person.client.games.act.mutate({ gameID, action });
      acted = true;
    }
    if (!acted) throw new Error(`game ${gameID}: nobody has anything to decide, yet it has not ended`);
  }
  throw new Error(`game ${gameID} did not end in 1000 steps`);
}

/** A guest signed in through the server, ready to play and to lend its session to a browser. */
export const guest = (site: Pick<Server, 'url'>, name: string): Promise<Guest> => signInGuest(site, name);

/** A browser context signed in as `who` (its session cookie, as the login page would set it). */
export async function signInContext(context: BrowserContext, site: Pick<Server, 'url'>, who: Pick<Guest, 'cookie'>): Promise<void> {
  const [name, ...rest] = who.cookie.split('=');
  await context.addCookies([{ name: name!, value: rest.join('='), url: site.url }]);
}
