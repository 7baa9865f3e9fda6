/**
 * Weaknesses a fifth security review found, each proved here before it was fixed: subscriptions
 * that each read their state again at every change, so that one stranger's many watchers of one
 * thing turned every cheap change of it into as many reads, holding the event loop for everyone.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { DATABASES, useServer } from './databases.js';
import { feed } from './feeds.js';
import { openLobby, signInRoles, type Roles } from './roles.js';

/** Counts the calls of an object's method from now until `restore` (the object's own, not its module's). */
function countCalls<T extends object>(target: T, method: keyof T & string): { readonly calls: number; restore(): void } {
  const original = target[method] as (...args: unknown[]) => unknown;
  const counter = { calls: 0, restore: () => void (target[method] = original as T[keyof T & string]) };
  target[method] = function (this: unknown, ...args: unknown[]) {
    counter.calls += 1;
    return original.apply(this, args);
  } as T[keyof T & string];
  restores.push(counter.restore);
  return counter;
}
const restores: (() => void)[] = [];

/** Watchers of one thing, all of one stranger's: within a socket's cap, many times what the changes are. */
const WATCHERS = 40;

describe.each(DATABASES)('many watchers of one thing on %s', (database) => {
  // The per-address cap on new subscriptions would otherwise refuse a test's second forty.
  const suite = useServer<Roles>(database, { config: { subscriptionsPerAddress: 1_000 }, setup: (server) => signInRoles(server), teardown: (roles) => roles.close() });
  const roles = () => suite().data;
  afterEach(() => restores.splice(0).forEach((restore) => restore()));

  test("lobbies.onLobby: a lobby's change is read once for all its watchers, not once each", async () => {
    const { host, outsider } = roles();
    const { lobbies } = suite().server.app.services;
    const lobbyID = await openLobby(host);
    const watchers = Array.from({ length: WATCHERS }, () => feed(outsider.client.lobbies.onLobby, { lobbyID }));
    await Promise.all(watchers.map((w) => w.until()));
    const reads = countCalls(lobbies, 'get');
    // The host toggles an option three times (a stranger could as well, in a lobby of their own).
    for (const value of [true, false, true]) await host.client.lobbies.setOption.mutate({ lobbyID, option: 'hideFavor', value });
    const { sequenceID } = await lobbies.get(lobbyID);
    await Promise.all(watchers.map((w) => w.until((lobby) => lobby.sequenceID === sequenceID && lobby.options.hideFavor)));
    // One read a change at most (and the test's own above), where each watcher read it each time.
    expect(reads.calls).toBeLessThanOrEqual(3 + 1);
    // The lobby closing still ends every watcher.
    await host.client.lobbies.leave.mutate({ lobbyID });
    await Promise.all(watchers.map((w) => w.end()));
  });

  test("lobbies.playNow.onStatus: a person's status is read once a change for all their pages", async () => {
    const { host, member, outsider } = roles();
    const { quickPlay } = suite().server.app.services;
    const watchers = Array.from({ length: WATCHERS }, () => feed(outsider.client.lobbies.playNow.onStatus, undefined));
    await Promise.all(watchers.map((w) => w.until()));
    const reads = countCalls(quickPlay, 'status');
    const waitingFor4 = (count: number) => Promise.all(watchers.map((w) => w.until((s) => s.waiting.find((c) => c.size === 4)?.waiting === count)));
    // Each press anywhere changes the counts every watcher of a status is shown.
    await member.client.lobbies.playNow.join.mutate({ size: 4 });
    await waitingFor4(1);
    await host.client.lobbies.playNow.join.mutate({ size: 4 });
    await waitingFor4(2);
    await member.client.lobbies.playNow.cancel.mutate();
    await host.client.lobbies.playNow.cancel.mutate();
    await Promise.all(watchers.map((w) => w.until((s) => w.items.indexOf(s) > 1 && s.waiting.every((c) => c.waiting === 0))));
    // The outsider's status, once a change (the two cancels may come as one), where each page read it each time.
    expect(reads.calls).toBeLessThanOrEqual(4);
  });

  test("lobbies.rematch.onOffer: a game's offer is read once a change of its lobby for all its watchers", { timeout: 60_000 }, async () => {
    const { host, outsider } = roles();
    const { rematch } = suite().server.app.services;
    const lobbyID = await openLobby(host);
    await host.client.lobbies.addBot.mutate({ lobbyID, botType: 'easy_bot' });
    const { gameID } = await host.client.lobbies.start.mutate({ lobbyID });
    // The host leaves: the bot finishes the game at once.
    await host.client.games.leave.mutate({ gameID });
    await expect.poll(async () => (await host.client.games.state.query({ gameID })).game.gameEndTimestamp, { timeout: 30_000 }).not.toBeNull();
    const made = await host.client.lobbies.rematch.create.mutate({ gameID });
    // Anyone may watch any game's offer.
    const watchers = Array.from({ length: WATCHERS }, () => feed(outsider.client.lobbies.rematch.onOffer, { gameID }));
    await Promise.all(watchers.map((w) => w.until((offer) => offer?.lobbyID === made.lobbyID && offer.open)));
    const reads = countCalls(rematch, 'offer');
    // Three toggles of the offered lobby (each wakes the follow of the offer), then its start.
    for (const value of [true, false, true]) await host.client.lobbies.setOption.mutate({ lobbyID: made.lobbyID, option: 'hideFavor', value });
    await host.client.lobbies.start.mutate({ lobbyID: made.lobbyID });
    await Promise.all(watchers.map((w) => w.until((offer) => offer?.lobbyID === made.lobbyID && !offer.open)));
    expect(reads.calls).toBeLessThanOrEqual(4);
    for (const w of watchers) w.close();
  });
});
