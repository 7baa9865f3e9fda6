/**
 * Lobby flows as people live them, watched through `lobbies.onLobby` and `lobbies.onList`: every
 * change bumps the lobby's sequenceID and reaches the watchers; the host's role passes on when the
 * host leaves; a lobby nobody is left in closes; once started, viewers see its game.
 */
import { describe, expect, test } from 'vitest';
import { DATABASES, useServer } from './databases.js';
import { feed, lobbyListFeed } from './feeds.js';
import { HOST_ONLY, openLobby, refused, signInRoles, type Roles } from './roles.js';
import { signInGuest } from './support.js';

describe.each(DATABASES)('lobby flows on %s', (database) => {
  const suite = useServer<Roles>(database, { setup: (server) => signInRoles(server), teardown: (roles) => roles.close() });
  const roles = () => suite().data;

  test('create, join, kick, bots, options, host leaving, start: each change bumps the sequenceID and reaches watchers', async () => {
    const { host, member, outsider, dev } = roles();
    const lobbyID = await openLobby(host);
    const watcher = feed(dev.client.lobbies.onLobby, { lobbyID });
    expect(await watcher.until()).toMatchObject({ id: lobbyID, sequenceID: 1, host: { id: host.userID } });

    let sequenceID = 1;
    /** Runs one change, then checks it bumped the sequenceID by one and the watcher saw it. */
    async function change(run: () => Promise<unknown>) {
      await run();
      sequenceID += 1;
      const lobby = await outsider.client.lobbies.get.query({ lobbyID });
      expect(lobby.sequenceID).toBe(sequenceID);
      expect(await watcher.until((l) => l.sequenceID === sequenceID)).toEqual(lobby);
      return lobby;
    }

    expect((await change(() => member.client.lobbies.join.mutate({ lobbyID }))).players.map((p) => p.id)).toEqual([host.userID, member.userID]);
    await change(() => outsider.client.lobbies.join.mutate({ lobbyID }));
    expect((await change(() => host.client.lobbies.kick.mutate({ lobbyID, playerID: outsider.userID }))).players).toHaveLength(2);
    const withBot = await change(() => host.client.lobbies.addBot.mutate({ lobbyID, botType: 'basic_bot' }));
    expect(withBot.playerIDToBotType).toEqual([[withBot.players[2]!.id, 'basic_bot']]);
    expect((await change(() => host.client.lobbies.setOption.mutate({ lobbyID, option: 'biggerTradeRow', value: true }))).options.biggerTradeRow).toBe(true);
    expect((await change(() => host.client.lobbies.setModule.mutate({ lobbyID, module: 'altleaders', enabled: true }))).modules).toEqual(['altleaders']);

    // The host leaves: the next person (not a bot) takes over, and the old host has no say.
    const handedOver = await change(() => host.client.lobbies.leave.mutate({ lobbyID }));
    expect(handedOver.host.id).toBe(member.userID);
    expect(handedOver.players.map((p) => p.id)).toEqual([member.userID, withBot.players[2]!.id]);
    await change(() => host.client.lobbies.join.mutate({ lobbyID }));
    expect(await refused(host.client.lobbies.start.mutate({ lobbyID }))).toMatchObject(HOST_ONLY);
    expect(await refused(host.client.lobbies.kick.mutate({ lobbyID, playerID: member.userID }))).toMatchObject({ code: 'FORBIDDEN' });
    expect((await outsider.client.lobbies.get.query({ lobbyID })).sequenceID).toBe(sequenceID);

    // Started: every viewer sees the game on the lobby.
    let gameID = '';
    const started = await change(async () => ({ gameID } = await member.client.lobbies.start.mutate({ lobbyID })));
    expect(started).toMatchObject({ status: 'playing', game: { id: gameID, endTimestamp: null } });
    const game = await outsider.client.games.state.query({ gameID });
    expect(game.game.players.map((p) => p.userID)).toEqual(started.players.map((p) => p.id));
    expect(game.game.options.biggerTradeRow).toBe(true);
    expect(game.game.modules).toEqual(['altleaders']);

    // The watcher saw the sequenceIDs grow, never the same state twice.
    const seen = watcher.items.map((l) => l.sequenceID);
    expect(seen).toEqual([...new Set(seen)].sort((a, b) => a - b));
    watcher.close();
  });

  test('a person the host removed cannot join that lobby again, under the next host too; one who left may, and other lobbies are open to them', async () => {
    const { host, member, outsider } = roles();
    const lobbyID = await openLobby(host, member, outsider);
    await member.client.lobbies.leave.mutate({ lobbyID });
    await member.client.lobbies.join.mutate({ lobbyID });
    await host.client.lobbies.kick.mutate({ lobbyID, playerID: outsider.userID });
    const removed = { code: 'FORBIDDEN', message: 'The host removed you from this lobby: you cannot join it again.' };
    expect(await refused(outsider.client.lobbies.join.mutate({ lobbyID }))).toMatchObject(removed);
    // The lobby passes to the member: the removal holds.
    await host.client.lobbies.leave.mutate({ lobbyID });
    expect(await refused(outsider.client.lobbies.join.mutate({ lobbyID }))).toMatchObject(removed);
    expect((await outsider.client.lobbies.get.query({ lobbyID })).players.map((p) => p.id)).toEqual([member.userID]);
    // Over REST as well, and another lobby takes them.
    const rest = await fetch(`${suite().server.url}/api/lobby/${lobbyID}/join`, { method: 'POST', headers: { cookie: outsider.cookie, 'content-type': 'application/json' }, body: '{}' });
    expect([rest.status, await rest.json()]).toEqual([403, { ok: false, error: removed.message }]);
    const other = await openLobby(member);
    await outsider.client.lobbies.join.mutate({ lobbyID: other });
    await outsider.client.lobbies.leave.mutate({ lobbyID: other });
    await member.client.lobbies.leave.mutate({ lobbyID: other });
    await member.client.lobbies.leave.mutate({ lobbyID });
  });

  test("a developer's lobby: others may not join it while developer settings are on; handed over, the new host may turn them off, not on, and cannot start with them", async () => {
    const { member, dev, outsider } = roles();
    // The member was seated before the settings went on: the developer's choice.
    const lobbyID = await openLobby(dev, member);
    await dev.client.lobbies.setOption.mutate({ lobbyID, option: 'prerollDice', value: true });
    await dev.client.lobbies.setModule.mutate({ lobbyID, module: 'noupgrade', enabled: true });
    await dev.client.lobbies.addBot.mutate({ lobbyID, botType: 'basic_bot2' });
    expect(await refused(outsider.client.lobbies.join.mutate({ lobbyID }))).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Only developers can join a lobby with prerollDice, module noupgrade, a basic_bot2 bot.',
    });
    await dev.client.lobbies.leave.mutate({ lobbyID });

    const start = () => member.client.lobbies.start.mutate({ lobbyID });
    expect(await refused(start())).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Only developers can start a game with prerollDice, module noupgrade, a basic_bot2 bot: turn them off or remove them first.',
    });
    expect(await refused(member.client.lobbies.setOption.mutate({ lobbyID, option: 'retreat1', value: true }))).toMatchObject({ message: 'Only developers can change retreat1.' });
    await member.client.lobbies.setOption.mutate({ lobbyID, option: 'prerollDice', value: false });
    await member.client.lobbies.setModule.mutate({ lobbyID, module: 'noupgrade', enabled: false });
    expect(await refused(start())).toMatchObject({ message: 'Only developers can start a game with a basic_bot2 bot: turn them off or remove them first.' });
    const bot = (await member.client.lobbies.get.query({ lobbyID })).playerIDToBotType[0]![0];
    await member.client.lobbies.kick.mutate({ lobbyID, playerID: bot });
    await member.client.lobbies.addBot.mutate({ lobbyID, botType: 'basic_bot' });
    const { gameID } = await start();
    const { game } = await member.client.games.state.query({ gameID });
    expect(game.options.prerollDice).toBe(false);
    expect(game.modules).toEqual([]);
  });

  test("a bot removed from a lobby, or left in a lobby that closes, takes its user with it; a bot that played keeps it", async () => {
    const { server } = suite();
    const { host } = roles();
    const { users } = server.app.services;
    const botsOf = async (lobbyID: string) => (await host.client.lobbies.get.query({ lobbyID })).playerIDToBotType.map(([id]) => id);
    const lobbyID = await openLobby(host);
    for (let i = 0; i < 3; i++) await host.client.lobbies.addBot.mutate({ lobbyID, botType: 'easy_bot' });
    const [kicked, ...kept] = await botsOf(lobbyID);
    await host.client.lobbies.kick.mutate({ lobbyID, playerID: kicked! });
    expect(await users.get(kicked!)).toBeNull();
    expect(await Promise.all(kept.map(async (id) => (await users.get(id))?.id))).toEqual(kept);
    await host.client.lobbies.leave.mutate({ lobbyID });
    expect(await Promise.all(kept.map((id) => users.get(id)))).toEqual([null, null]);
    // Bots in a started game stay: the game and its history name them.
    const played = await openLobby(host);
    await host.client.lobbies.addBot.mutate({ lobbyID: played, botType: 'easy_bot' });
    const [bot] = await botsOf(played);
    await host.client.lobbies.start.mutate({ lobbyID: played });
    expect((await users.get(bot!))?.id).toBe(bot);
  });

  test("a lobby is named after its host as they are named now: after a rename, and after a handover", async () => {
    const { server } = suite();
    const [ana, bo] = await Promise.all([signInGuest(server, 'Ana'), signInGuest(server, 'Bo')]);
    try {
      const lobbyID = await openLobby(ana, bo);
      expect(await bo.client.lobbies.get.query({ lobbyID })).toMatchObject({ name: "Ana's lobby", host: { name: 'Ana' } });
      await ana.client.session.rename.mutate({ name: 'Anastasia' });
      expect(await bo.client.lobbies.get.query({ lobbyID })).toMatchObject({ name: "Anastasia's lobby", host: { name: 'Anastasia' } });
      expect((await bo.client.lobbies.list.query()).find((l) => l.id === lobbyID)).toMatchObject({ name: "Anastasia's lobby" });
      await ana.client.lobbies.leave.mutate({ lobbyID });
      expect(await bo.client.lobbies.get.query({ lobbyID })).toMatchObject({ name: "Bo's lobby", host: { name: 'Bo' } });
    } finally {
      ana.close();
      bo.close();
    }
  });

  test("a rename reaches those already watching: the lobby's page and the lobby list, open lobbies and running games' alike", async () => {
    const { server } = suite();
    const [ana, bo] = await Promise.all([signInGuest(server, 'Ana'), signInGuest(server, 'Bo')]);
    try {
      const waiting = await openLobby(ana, bo);
      const started = await openLobby(bo, ana);
      await bo.client.lobbies.start.mutate({ lobbyID: started });
      const page = feed(bo.client.lobbies.onLobby, { lobbyID: waiting });
      const list = lobbyListFeed(bo.client.lobbies.onList);
      const before = await page.until();
      expect(before.name).toBe("Ana's lobby");
      await list.until((lobbies) => lobbies.some((l) => l.id === started));
      // Read before the rename, so the list's answer below is not its first.
      expect((await bo.client.lobbies.list.query()).find((l) => l.id === waiting)?.name).toBe("Ana's lobby");

      await ana.client.session.rename.mutate({ name: 'Anastasia' });
      expect(await page.until((l) => l.host.name === 'Anastasia')).toMatchObject({ name: "Anastasia's lobby", sequenceID: before.sequenceID + 1 });
      const renamed = await list.until((lobbies) => lobbies.find((l) => l.id === waiting)?.name === "Anastasia's lobby");
      expect(renamed.find((l) => l.id === started)?.players.map((p) => p.name)).toEqual(['Bo', 'Anastasia']);
      expect((await bo.client.lobbies.list.query()).find((l) => l.id === waiting)?.name).toBe("Anastasia's lobby");
      page.close();
      list.close();
    } finally {
      ana.close();
      bo.close();
    }
  });

  test("one host's open lobbies are numbered from the second on, so no two read the same on the list: the smallest number free, kept once started, given anew at a handover", async () => {
    const { server } = suite();
    const [ana, bo] = await Promise.all([signInGuest(server, 'Ana'), signInGuest(server, 'Bo')]);
    const listed = async (lobbyID: string) => (await bo.client.lobbies.list.query()).find((l) => l.id === lobbyID)?.name;
    try {
      const [first, second, third] = [await openLobby(ana), await openLobby(ana), await openLobby(ana)];
      expect(await Promise.all([first, second, third].map(listed))).toEqual(["Ana's lobby", "Ana's lobby #2", "Ana's lobby #3"]);
      expect(await ana.client.lobbies.get.query({ lobbyID: second })).toMatchObject({ name: "Ana's lobby #2" });
      // The second closed (Ana alone left it): the next one opened takes its number.
      await ana.client.lobbies.leave.mutate({ lobbyID: second });
      const fourth = await openLobby(ana);
      expect(await listed(fourth)).toBe("Ana's lobby #2");
      // Started, the first keeps its name; it is open no more, so its number is free again (its
      // row says Playing, the new one's Open).
      await ana.client.lobbies.addBot.mutate({ lobbyID: first, botType: 'easy_bot' });
      await ana.client.lobbies.start.mutate({ lobbyID: first });
      expect(await listed(first)).toBe("Ana's lobby");
      const fifth = await openLobby(ana);
      expect(await listed(fifth)).toBe("Ana's lobby");
      // Handed over to Bo, who has an open lobby of his own: the third becomes his second.
      const bos = await openLobby(bo);
      await bo.client.lobbies.join.mutate({ lobbyID: third });
      await ana.client.lobbies.leave.mutate({ lobbyID: third });
      expect(await listed(third)).toBe("Bo's lobby #2");
      expect(await listed(bos)).toBe("Bo's lobby");
      // A rename keeps the numbers.
      await ana.client.session.rename.mutate({ name: 'Anastasia' });
      expect(await Promise.all([fourth, fifth].map(async (lobbyID) => (await bo.client.lobbies.get.query({ lobbyID })).name))).toEqual(["Anastasia's lobby #2", "Anastasia's lobby"]);
    } finally {
      ana.close();
      bo.close();
    }
  });

  test('the last person leaving closes the lobby: its watchers are told, the list drops it', async () => {
    const { host, member, outsider } = roles();
    const lobbyID = await openLobby(host, member);
    await host.client.lobbies.addBot.mutate({ lobbyID, botType: 'easy_bot' });
    const watcher = feed(outsider.client.lobbies.onLobby, { lobbyID });
    const list = lobbyListFeed(outsider.client.lobbies.onList);
    await watcher.until();
    expect((await list.until()).some((l) => l.id === lobbyID)).toBe(true);

    await member.client.lobbies.leave.mutate({ lobbyID });
    await host.client.lobbies.leave.mutate({ lobbyID });
    await watcher.end();
    expect(await list.until((lobbies) => !lobbies.some((l) => l.id === lobbyID))).toBeDefined();
    expect(await refused(outsider.client.lobbies.get.query({ lobbyID }))).toMatchObject({ code: 'NOT_FOUND', message: `Lobby ${lobbyID} not found.` });
    expect((await outsider.client.lobbies.list.query()).some((l) => l.id === lobbyID)).toBe(false);
    list.close();
  });

  test('lobbies.onList: a new lobby, a join and a start reach every watcher, newest lobby first', async () => {
    const { host, member, outsider } = roles();
    const list = lobbyListFeed(outsider.client.lobbies.onList);
    await list.until();
    const lobbyID = await openLobby(host);
    const listed = await list.until((lobbies) => lobbies.some((l) => l.id === lobbyID));
    expect(listed[0]!.id).toBe(lobbyID);
    await member.client.lobbies.join.mutate({ lobbyID });
    await list.until((lobbies) => lobbies.find((l) => l.id === lobbyID)?.players.length === 2);
    const { gameID } = await host.client.lobbies.start.mutate({ lobbyID });
    const playing = await list.until((lobbies) => lobbies.find((l) => l.id === lobbyID)?.status === 'playing');
    expect(playing.find((l) => l.id === lobbyID)).toMatchObject({ status: 'playing', game: { id: gameID, endTimestamp: null } });
    list.close();
  });
});
