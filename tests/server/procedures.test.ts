/**
 * Every procedure of the tRPC router, called by each role it concerns: what each
 * role may do, and the exact refusal (tRPC code, HTTP status, message) for what it may not.
 */
import { describe, expect, test } from 'vitest';
import { GAME_OPTION_KEYS, MAX_PLAYERS } from '../../src/engine/index.js';
import { DEV_ONLY_OPTIONS } from '../../src/server/services/lobbies.js';
import { QUICK_BOTS } from '../../src/web/lobby/quick-bots.js';
import { botSkill, displayRating } from '../../src/server/ratings/model.js';
import { UserService } from '../../src/server/services/users.js';
import { sharedRateLimit } from '../../src/server/services/shared-rate-limit.js';
import { DATABASES, useServer } from './databases.js';
import { feed, lobbyListFeed, gameFeed } from './feeds.js';
import { definitionsOf, decisionOf } from './play.js';
import { DEVELOPERS_ONLY, GAME_STARTED, HOST_ONLY, LOGIN_REQUIRED, openLobby, refused, ruleRefusal, signInRoles, startedGame, type Roles } from './roles.js';

describe.each(DATABASES)('tRPC procedures by role on %s', (database) => {
  // The same people sit in every game of the file: the caps on a person's games (every person
  // seated counts) are tested in security-limits.test.ts.
  const suite = useServer<Roles>(database, { config: { maxRunningGamesPerUser: 100, gamesPerUserPerHour: 1_000 }, setup: (server) => signInRoles(server), teardown: (roles) => roles.close() });
  const roles = () => suite().data;

  describe('session', () => {
    test('me: null for anonymous, the public user when signed in', async () => {
      const { anonymous, host } = roles();
      expect(await anonymous.session.me.query()).toBeNull();
      expect(await host.client.session.me.query()).toMatchObject({ id: host.userID, name: 'Hana', isDev: false, isBot: false, canSeeProfile: true, canChangeName: true });
    });

    test('jwt: refused to anonymous; a token for the caller', async () => {
      const { anonymous, host } = roles();
      expect(await refused(anonymous.session.jwt.query())).toMatchObject(LOGIN_REQUIRED);
      const token = await host.client.session.jwt.query();
      expect(await suite().server.app.services.jwt.verify(token)).toBe(host.userID);
    });

    test('rename: refused to anonymous; the name is trimmed; empty and long names refused', async () => {
      const { anonymous, outsider } = roles();
      expect(await refused(anonymous.session.rename.mutate({ name: 'Nobody' }))).toMatchObject(LOGIN_REQUIRED);
      expect(await outsider.client.session.rename.mutate({ name: '  Olga Two  ' })).toMatchObject({ id: outsider.userID, name: 'Olga Two' });
      expect(await refused(outsider.client.session.rename.mutate({ name: '   ' }))).toMatchObject({ code: 'BAD_REQUEST', message: 'Enter a name.' });
      expect(await refused(outsider.client.session.rename.mutate({ name: 'Thirteen char' }))).toMatchObject({
        code: 'BAD_REQUEST',
        message: 'A name has at most 12 characters.',
      });
      expect((await outsider.client.session.me.query())!.name).toBe('Olga Two');
      await outsider.client.session.rename.mutate({ name: 'Olga' });
    });
  });

  describe('users', () => {
    test('byIDs: refused to anonymous; the known users, unknown ids left out', async () => {
      const { anonymous, host, member } = roles();
      expect(await refused(anonymous.users.byIDs.query({ ids: [host.userID] }))).toMatchObject(LOGIN_REQUIRED);
      const users = await member.client.users.byIDs.query({ ids: [host.userID, member.userID, 'u_nobody'] });
      expect(users.map((u) => u.id).sort()).toEqual([host.userID, member.userID].sort());
      expect(users.find((u) => u.id === host.userID)).toMatchObject({ name: 'Hana', profilePictureURL: null, statsJSON: expect.any(String) });
    });

    test('profile: refused to anonymous; any user may see a profile; an unknown user is NOT_FOUND', async () => {
      const { anonymous, host, member } = roles();
      expect(await refused(anonymous.users.profile.query({ userID: host.userID }))).toMatchObject(LOGIN_REQUIRED);
      const profile = await member.client.users.profile.query({ userID: host.userID });
      expect(profile.user).toMatchObject({ id: host.userID, name: 'Hana' });
      expect(JSON.parse(profile.user.statsJSON)).toMatchObject({ gamesPlayed: 0, gamesWon: 0 });
      expect(await refused(member.client.users.profile.query({ userID: 'u_nobody' }))).toMatchObject({
        code: 'NOT_FOUND',
        httpStatus: 404,
        message: 'User u_nobody not found.',
      });
    });

    test("profile: the user's 5 latest games, newest first, with the other players' users", async () => {
      const { member, dev, outsider } = roles();
      const games: string[] = [];
      for (let i = 0; i < 6; i++) games.push((await startedGame(dev, member)).gameID);
      const profile = await outsider.client.users.profile.query({ userID: dev.userID });
      expect(profile.recentGames.map((g) => g.id)).toEqual(games.slice(1).reverse());
      expect(profile.recentGames[0]!.players).toEqual([
        { userID: dev.userID, botType: null, gameStatsJSON: null },
        { userID: member.userID, botType: null, gameStatsJSON: null },
      ]);
      expect(profile.users.map((u) => u.id).sort()).toEqual([dev.userID, member.userID].sort());
    });

    test('devList: refused to anonymous and to non-developers; developers see the people, not the bots', async () => {
      const { anonymous, host, dev } = roles();
      expect(await refused(anonymous.users.devList.query())).toMatchObject(LOGIN_REQUIRED);
      expect(await refused(host.client.users.devList.query())).toMatchObject(DEVELOPERS_ONLY);
      const lobbyID = await openLobby(host);
      await host.client.lobbies.addBot.mutate({ lobbyID, botType: 'easy_bot' });
      const users = await dev.client.users.devList.query();
      expect(users.map((u) => u.id)).toEqual(expect.arrayContaining([host.userID, dev.userID]));
      expect(users.every((u) => !u.isBot)).toBe(true);
      expect(users.find((u) => u.id === dev.userID)!.isDev).toBe(true);
    });

    test('a user listed in the devUserIDs config is a developer too', async () => {
      const { host, dev } = roles();
      const { users } = suite().server.app.services;
      const row = (await users.get(host.userID))!;
      expect(users.isDev(row)).toBe(false);
      const configured = new UserService(suite().server.app.services.db.kysely, suite().server.app.services.db.dialect, [host.userID], Date.now, { address: sharedRateLimit(suite().server.app.services.db, 'guest_logins', 1, 1, Date.now), network: null });
      expect(configured.isDev(row)).toBe(true);
      expect((await dev.client.session.me.query())!.isDev).toBe(true);
    });
  });

  describe('definitions', () => {
    test('get: public; modules with their states, bots with their visibility, options with dev-only flags', async () => {
      const definitions = await roles().anonymous.definitions.get.query();
      expect(definitions.cardDefs.length).toBeGreaterThan(100);
      expect(Object.fromEntries(definitions.modules.map((m) => [m.key, m.state]))).toEqual({
        conquest: 'disabled',
        beta: 'disabled',
        altleaders: 'enabled',
        noupgrade: 'devOnly',
        legacy: 'disabled',
      });
      expect(Object.fromEntries(definitions.bots.map((b) => [b.type, b.visibility]))).toEqual({
        easy_bot: 'visible',
        basic_bot: 'visible',
        basic_bot2: 'devOnly',
        valid_move: 'devOnly',
        random_card: 'hidden',
        expert_bot: 'visible',
      });
      expect(definitions.bots.find((b) => b.type === 'basic_bot')!.label).toBe('Advanced Bot');
      // The lobby list's Play a Bot offers the bots anyone may seat, by the same names.
      expect(QUICK_BOTS.map(({ type, label }) => ({ type, label }))).toEqual(definitions.bots.filter((b) => b.visibility === 'visible').map(({ type, label }) => ({ type, label })));
      // Each with the fixed rating the server rates a game against it with, as shown.
      for (const bot of QUICK_BOTS) expect(bot.rating, bot.type).toBe(displayRating(botSkill(bot.type)));
      const options = Object.fromEntries(definitions.options.map((o) => [o.key, o]));
      expect(Object.keys(options)).toEqual([...GAME_OPTION_KEYS]);
      expect(options.unbid).toEqual({ key: 'unbid', default: true, devOnly: false });
      for (const key of ['prerollDice', 'retreat1', 'retreat2', 'retreat3']) expect(options[key]).toEqual({ key, default: false, devOnly: true });
    });

    test("get: a dev-only module's cards and rules go to developers only; everyone else sees its name", async () => {
      const { anonymous, host, dev } = roles();
      const content = (m: { cardDefs: unknown[]; tributeCardDefs: unknown[]; replaceCore: unknown[]; cardsToRemove: unknown[] }) =>
        m.cardDefs.length + m.tributeCardDefs.length + m.replaceCore.length + m.cardsToRemove.length;
      const noupgrade = async (client: typeof anonymous) => (await client.definitions.get.query()).modules.find((m) => m.key === 'noupgrade')!;
      for (const client of [anonymous, host.client]) {
        expect(await noupgrade(client)).toMatchObject({ key: 'noupgrade', name: 'No Upgrades', state: 'devOnly', cardDefs: [], replaceCore: [], gameOptionsToAdd: {} });
      }
      expect(content(await noupgrade(dev.client))).toBeGreaterThan(0);
      // The enabled modules are the same for everyone.
      const alt = async (client: typeof anonymous) => (await client.definitions.get.query()).modules.find((m) => m.key === 'altleaders')!;
      expect(await alt(anonymous)).toEqual(await alt(dev.client));
    });
  });

  describe('lobbies', () => {
    test('every lobby procedure is refused to anonymous', async () => {
      const { anonymous: anon, host } = roles();
      const lobbyID = await openLobby(host);
      const calls = [
        () => anon.lobbies.list.query(),
        () => anon.lobbies.get.query({ lobbyID }),
        () => anon.lobbies.create.mutate(),
        () => anon.lobbies.join.mutate({ lobbyID }),
        () => anon.lobbies.leave.mutate({ lobbyID }),
        () => anon.lobbies.kick.mutate({ lobbyID, playerID: host.userID }),
        () => anon.lobbies.addBot.mutate({ lobbyID, botType: 'easy_bot' }),
        () => anon.lobbies.setOption.mutate({ lobbyID, option: 'hideFavor', value: true }),
        () => anon.lobbies.setModule.mutate({ lobbyID, module: 'altleaders', enabled: true }),
        () => anon.lobbies.contribute.mutate({ lobbyID, value: 'x' }),
        () => anon.lobbies.start.mutate({ lobbyID }),
      ];
      for (const call of calls) expect(await refused(call())).toMatchObject(LOGIN_REQUIRED);
      const lobby = await host.client.lobbies.get.query({ lobbyID });
      expect(lobby).toMatchObject({ sequenceID: 1, players: [{ id: host.userID }] });
    });

    test('list and get: any user; an unknown lobby is NOT_FOUND', async () => {
      const { host, outsider } = roles();
      const lobbyID = await openLobby(host);
      const list = await outsider.client.lobbies.list.query();
      expect(list.find((l) => l.id === lobbyID)).toMatchObject({ host: { id: host.userID }, status: 'open', game: null });
      expect(await outsider.client.lobbies.get.query({ lobbyID })).toMatchObject({
        id: lobbyID,
        // Numbered when the host's earlier tests left other lobbies of theirs open.
        name: expect.stringMatching(/^Hana's lobby( #[2-9])?$/),
        modules: [],
        playerIDToBotType: [],
        options: { unbid: true, hideFavor: false },
      });
      expect(await refused(outsider.client.lobbies.get.query({ lobbyID: 'l_nowhere' }))).toMatchObject({
        code: 'NOT_FOUND',
        httpStatus: 404,
        message: 'Lobby l_nowhere not found.',
      });
    });

    test('create: any user; the creator hosts the lobby and holds its first seat', async () => {
      const { outsider } = roles();
      const { id } = await outsider.client.lobbies.create.mutate();
      expect(await outsider.client.lobbies.get.query({ lobbyID: id })).toMatchObject({
        host: { id: outsider.userID },
        players: [{ id: outsider.userID, name: 'Olga' }],
        sequenceID: 1,
        status: 'open',
      });
    });

    test('join: any user once; refused when already in, when full, and once started', async () => {
      const { host, member, outsider } = roles();
      const lobbyID = await openLobby(host);
      await member.client.lobbies.join.mutate({ lobbyID });
      expect(await refused(member.client.lobbies.join.mutate({ lobbyID }))).toMatchObject({ code: 'CONFLICT', message: 'You are already in this lobby.' });
      expect(await refused(host.client.lobbies.join.mutate({ lobbyID }))).toMatchObject({ code: 'CONFLICT', message: 'You are already in this lobby.' });
      for (let seat = 2; seat < MAX_PLAYERS; seat++) await host.client.lobbies.addBot.mutate({ lobbyID, botType: 'easy_bot' });
      expect(await refused(outsider.client.lobbies.join.mutate({ lobbyID }))).toMatchObject({ code: 'CONFLICT', httpStatus: 409, message: 'The lobby is full.' });
      expect(await refused(host.client.lobbies.addBot.mutate({ lobbyID, botType: 'easy_bot' }))).toMatchObject({ code: 'CONFLICT', message: 'The lobby is full.' });

      const started = await openLobby(host, member);
      await host.client.lobbies.start.mutate({ lobbyID: started });
      expect(await refused(outsider.client.lobbies.join.mutate({ lobbyID: started }))).toMatchObject(GAME_STARTED);
      expect(await refused(outsider.client.lobbies.join.mutate({ lobbyID: 'l_nowhere' }))).toMatchObject({ code: 'NOT_FOUND', message: 'Lobby l_nowhere not found.' });
    });

    test('leave: a player leaves; refused to a user not in the lobby and once started', async () => {
      const { host, member, outsider } = roles();
      const lobbyID = await openLobby(host, member);
      await member.client.lobbies.leave.mutate({ lobbyID });
      expect((await host.client.lobbies.get.query({ lobbyID })).players.map((p) => p.id)).toEqual([host.userID]);
      expect(await refused(outsider.client.lobbies.leave.mutate({ lobbyID }))).toMatchObject({
        code: 'NOT_FOUND',
        message: 'That player is not in this lobby.',
      });
      const { lobbyID: started } = await startedGame(host, member);
      expect(await refused(member.client.lobbies.leave.mutate({ lobbyID: started }))).toMatchObject(GAME_STARTED);
    });

    test('kick: the host removes a player or a bot; a non-host may not remove others', async () => {
      const { host, member, outsider } = roles();
      const lobbyID = await openLobby(host, member, outsider);
      await host.client.lobbies.addBot.mutate({ lobbyID, botType: 'easy_bot' });
      const [botID] = (await host.client.lobbies.get.query({ lobbyID })).playerIDToBotType[0]!;
      expect(await refused(member.client.lobbies.kick.mutate({ lobbyID, playerID: outsider.userID }))).toMatchObject({
        code: 'FORBIDDEN',
        httpStatus: 403,
        message: 'Only the host can remove other players.',
      });
      expect(await refused(member.client.lobbies.kick.mutate({ lobbyID, playerID: host.userID }))).toMatchObject({
        code: 'FORBIDDEN',
        message: 'Only the host can remove other players.',
      });
      expect(await refused(member.client.lobbies.kick.mutate({ lobbyID, playerID: botID }))).toMatchObject({ code: 'FORBIDDEN' });
      await host.client.lobbies.kick.mutate({ lobbyID, playerID: outsider.userID });
      await host.client.lobbies.kick.mutate({ lobbyID, playerID: botID });
      const lobby = await host.client.lobbies.get.query({ lobbyID });
      expect(lobby.players.map((p) => p.id)).toEqual([host.userID, member.userID]);
      expect(lobby.playerIDToBotType).toEqual([]);
      expect(await refused(host.client.lobbies.kick.mutate({ lobbyID, playerID: outsider.userID }))).toMatchObject({
        code: 'NOT_FOUND',
        message: 'That player is not in this lobby.',
      });
      // A non-host "kicking" themself is leaving.
      await member.client.lobbies.kick.mutate({ lobbyID, playerID: member.userID });
      expect((await host.client.lobbies.get.query({ lobbyID })).players.map((p) => p.id)).toEqual([host.userID]);
    });

    test('addBot: the host adds visible bots; refused to a non-host; dev-only and hidden bots only for developers', async () => {
      const { host, member, dev } = roles();
      const lobbyID = await openLobby(host, member);
      await host.client.lobbies.addBot.mutate({ lobbyID, botType: 'easy_bot' });
      await host.client.lobbies.addBot.mutate({ lobbyID, botType: 'basic_bot' });
      expect(await refused(member.client.lobbies.addBot.mutate({ lobbyID, botType: 'easy_bot' }))).toMatchObject(HOST_ONLY);
      for (const botType of ['basic_bot2', 'valid_move', 'random_card'] as const) {
        expect(await refused(host.client.lobbies.addBot.mutate({ lobbyID, botType }))).toMatchObject({
          code: 'FORBIDDEN',
          httpStatus: 403,
          message: `Only developers can add a ${botType} bot.`,
        });
      }
      const lobby = await host.client.lobbies.get.query({ lobbyID });
      expect(lobby.playerIDToBotType.map(([, type]) => type)).toEqual(['easy_bot', 'basic_bot']);
      expect(lobby.players.slice(2).map((p) => p.name)).toEqual(['Easy Bot 1', 'Advanced Bot 2']);

      const devLobby = await openLobby(dev, member);
      for (const botType of ['basic_bot2', 'valid_move', 'random_card'] as const) await dev.client.lobbies.addBot.mutate({ lobbyID: devLobby, botType });
      // Developers are no hosts of other people's lobbies.
      expect(await refused(dev.client.lobbies.addBot.mutate({ lobbyID, botType: 'basic_bot2' }))).toMatchObject(HOST_ONLY);
      expect((await dev.client.lobbies.get.query({ lobbyID: devLobby })).playerIDToBotType.map(([, type]) => type)).toEqual([
        'basic_bot2',
        'valid_move',
        'random_card',
      ]);
    });

    test('setOption: the host sets options; refused to a non-host; dev-only options only for developers', async () => {
      const { host, member, dev } = roles();
      const lobbyID = await openLobby(host, member);
      const open = GAME_OPTION_KEYS.filter((key) => !DEV_ONLY_OPTIONS.includes(key));
      for (const option of open) await host.client.lobbies.setOption.mutate({ lobbyID, option, value: option !== 'unbid' });
      for (const option of DEV_ONLY_OPTIONS) {
        expect(await refused(host.client.lobbies.setOption.mutate({ lobbyID, option, value: true }))).toMatchObject({
          code: 'FORBIDDEN',
          httpStatus: 403,
          message: `Only developers can change ${option}.`,
        });
      }
      expect(await refused(member.client.lobbies.setOption.mutate({ lobbyID, option: 'hideFavor', value: false }))).toMatchObject(HOST_ONLY);
      const { options } = await host.client.lobbies.get.query({ lobbyID });
      for (const option of open) expect(options[option]).toBe(option !== 'unbid');
      for (const option of DEV_ONLY_OPTIONS) expect(options[option]).toBe(false);

      const devLobby = await openLobby(dev);
      for (const option of DEV_ONLY_OPTIONS) await dev.client.lobbies.setOption.mutate({ lobbyID: devLobby, option, value: true });
      expect(await refused(dev.client.lobbies.setOption.mutate({ lobbyID, option: 'retreat1', value: true }))).toMatchObject(HOST_ONLY);
      const devOptions = (await dev.client.lobbies.get.query({ lobbyID: devLobby })).options;
      expect(DEV_ONLY_OPTIONS.map((option) => devOptions[option])).toEqual([true, true, true, true]);
    });

    test('setModule: the host toggles altleaders; noupgrade only for developers; conquest, beta and legacy for nobody', async () => {
      const { host, member, dev } = roles();
      const lobbyID = await openLobby(host, member);
      await host.client.lobbies.setModule.mutate({ lobbyID, module: 'altleaders', enabled: true });
      await host.client.lobbies.setModule.mutate({ lobbyID, module: 'altleaders', enabled: true });
      expect((await host.client.lobbies.get.query({ lobbyID })).modules).toEqual(['altleaders']);
      expect(await refused(member.client.lobbies.setModule.mutate({ lobbyID, module: 'altleaders', enabled: false }))).toMatchObject(HOST_ONLY);
      expect(await refused(host.client.lobbies.setModule.mutate({ lobbyID, module: 'noupgrade', enabled: true }))).toMatchObject({
        code: 'FORBIDDEN',
        httpStatus: 403,
        message: 'Only developers can use module noupgrade.',
      });
      const devLobby = await openLobby(dev);
      for (const module of ['conquest', 'beta', 'legacy'] as const) {
        for (const [who, lobby] of [[host, lobbyID], [dev, devLobby]] as const) {
          expect(await refused(who.client.lobbies.setModule.mutate({ lobbyID: lobby, module, enabled: true }))).toMatchObject({
            code: 'FORBIDDEN',
            httpStatus: 403,
            message: `Module ${module} is not available.`,
          });
        }
      }
      await dev.client.lobbies.setModule.mutate({ lobbyID: devLobby, module: 'noupgrade', enabled: true });
      await dev.client.lobbies.setModule.mutate({ lobbyID: devLobby, module: 'altleaders', enabled: true });
      await host.client.lobbies.setModule.mutate({ lobbyID, module: 'altleaders', enabled: false });
      expect((await host.client.lobbies.get.query({ lobbyID })).modules).toEqual([]);
      expect((await dev.client.lobbies.get.query({ lobbyID: devLobby })).modules).toEqual(['noupgrade', 'altleaders']);
    });

    test('start: refused to a non-host and without a second player; the host starts; then the lobby is closed to changes', async () => {
      const { host, member, outsider } = roles();
      const lobbyID = await openLobby(host);
      expect(await refused(host.client.lobbies.start.mutate({ lobbyID }))).toMatchObject({
        code: 'CONFLICT',
        httpStatus: 409,
        message: 'A game needs at least 2 players.',
      });
      await member.client.lobbies.join.mutate({ lobbyID });
      expect(await refused(member.client.lobbies.start.mutate({ lobbyID }))).toMatchObject(HOST_ONLY);
      await host.client.lobbies.setOption.mutate({ lobbyID, option: 'hideFavor', value: true });
      const { gameID } = await host.client.lobbies.start.mutate({ lobbyID });
      expect(gameID).toMatch(/^g_/);
      const lobby = await outsider.client.lobbies.get.query({ lobbyID });
      expect(lobby).toMatchObject({ game: { id: gameID, endTimestamp: null }, status: 'playing' });
      const game = await host.client.games.state.query({ gameID });
      expect(game.game.players.map((p) => p.userID)).toEqual([host.userID, member.userID]);
      expect(game.game.options.hideFavor).toBe(true);
      for (const call of [
        () => host.client.lobbies.start.mutate({ lobbyID }),
        () => host.client.lobbies.addBot.mutate({ lobbyID, botType: 'easy_bot' }),
        () => host.client.lobbies.setOption.mutate({ lobbyID, option: 'hideFavor', value: false }),
        () => host.client.lobbies.setModule.mutate({ lobbyID, module: 'altleaders', enabled: true }),
        () => host.client.lobbies.kick.mutate({ lobbyID, playerID: member.userID }),
        () => member.client.lobbies.leave.mutate({ lobbyID }),
        () => member.client.lobbies.contribute.mutate({ lobbyID, value: 'too late' }),
      ]) {
        expect(await refused(call())).toMatchObject(GAME_STARTED);
      }
    });

    test('onList and onLobby: refused to anonymous; a user gets the current state first', async () => {
      const { anonymous: anon, host, outsider } = roles();
      const lobbyID = await openLobby(host);
      const anonList = lobbyListFeed(anon.lobbies.onList);
      const anonLobby = feed(anon.lobbies.onLobby, { lobbyID });
      expect(await anonList.refusal()).toMatchObject({ code: 'UNAUTHORIZED', message: 'You must be logged in.' });
      expect(await anonLobby.refusal()).toMatchObject({ code: 'UNAUTHORIZED', message: 'You must be logged in.' });
      const list = lobbyListFeed(outsider.client.lobbies.onList);
      const lobby = feed(outsider.client.lobbies.onLobby, { lobbyID });
      expect((await list.until()).some((l) => l.id === lobbyID)).toBe(true);
      expect(await lobby.until()).toMatchObject({ id: lobbyID, sequenceID: 1 });
      const missing = feed(outsider.client.lobbies.onLobby, { lobbyID: 'l_nowhere' });
      expect(await missing.refusal()).toMatchObject({ code: 'NOT_FOUND', message: 'Lobby l_nowhere not found.' });
      // Refused before it started: never live for a moment (a page said "Reconnecting..." in between).
      expect(missing.isStarted).toBe(false);
      for (const f of [anonList, anonLobby, list, lobby, missing]) f.close();
    });
  });

  describe('games', () => {
    test('every game procedure is refused to anonymous', async () => {
      const { anonymous: anon, host, member } = roles();
      const { gameID } = await startedGame(host, member);
      const calls = [
        () => anon.games.state.query({ gameID }),
        () => anon.games.act.mutate({ gameID, action: { type: 'UNBID' } }),
        () => anon.games.history.query({}),
      ];
      for (const call of calls) expect(await refused(call())).toMatchObject(LOGIN_REQUIRED);
      const updates = gameFeed(anon.games.onGame, { gameID });
      expect(await updates.refusal()).toMatchObject({ code: 'UNAUTHORIZED', message: 'You must be logged in.' });
      updates.close();
    });

    test("state: a player sees their own bid, not the others'; a spectator sees no bid at all", async () => {
      const { host, member, outsider } = roles();
      const { gameID } = await startedGame(host, member);
      const definitions = await definitionsOf(host.client);
      const decision = decisionOf(await host.client.games.state.query({ gameID }), definitions, host.userID);
      expect(decision).toMatchObject({ type: 'BID' });
      const bid = { military: 1, tradeRowIndex: 1 };
      await host.client.games.act.mutate({ gameID, action: { type: 'BID', bid } });

      const own = await host.client.games.state.query({ gameID });
      expect(own.game.viewerID).toBe(host.userID);
      expect(own.game.phase).toBe('PLANNING');
      expect(own.game.bidsByPlayerID).toEqual({ [host.userID]: bid });
      expect(own.game.players[0]!.bid).toEqual(bid);

      const other = await member.client.games.state.query({ gameID });
      expect(other.game.viewerID).toBe(member.userID);
      expect(other.game.bidsByPlayerID).toEqual({});
      expect(other.game.players[0]!.bid).toBeNull();
      expect(other.game.players[0]!.selectedCard).toBeNull();
      expect(other.game.readyByUserID[host.userID]).toBe(true);

      const spectator = await outsider.client.games.state.query({ gameID });
      expect(spectator.sequenceID).toBe(own.sequenceID);
      expect(spectator.game.viewerID).toBeNull();
      expect(spectator.game.bidsByPlayerID).toEqual({});
      expect(spectator.game.players.map((p) => p.bid)).toEqual([null, null]);
      for (const view of [own, other, spectator]) {
        expect(view.game).not.toHaveProperty('rngState');
        expect(view.game).not.toHaveProperty('prerolledDiceByPlayerID');
        expect(view.game).not.toHaveProperty('cardsByID');
      }
      expect(await refused(outsider.client.games.state.query({ gameID: 'g_nowhere' }))).toMatchObject({
        code: 'NOT_FOUND',
        httpStatus: 404,
        message: 'Game g_nowhere not found.',
      });
    });

    test('act: players act; a non-player is refused with invalid userID; an unknown game is NOT_FOUND', async () => {
      const { host, member, outsider, dev } = roles();
      const { gameID } = await startedGame(host, member);
      const bid = { type: 'BID', bid: { military: 0, tradeRowIndex: 0 } } as const;
      for (const stranger of [outsider, dev]) {
        expect(await refused(stranger.client.games.act.mutate({ gameID, action: bid }))).toMatchObject(ruleRefusal('action/invalid-user', 'invalid userID'));
      }
      const first = await host.client.games.act.mutate({ gameID, action: bid });
      const second = await member.client.games.act.mutate({ gameID, action: { type: 'BID', bid: { military: 0, tradeRowIndex: 1 } } });
      expect(second.sequenceID).toBeGreaterThan(first.sequenceID);
      expect((await host.client.games.state.query({ gameID })).game.phase).toBe('RESOLUTION');
      expect(await refused(host.client.games.act.mutate({ gameID: 'g_nowhere', action: bid }))).toMatchObject({
        code: 'NOT_FOUND',
        httpStatus: 404,
        message: 'Game g_nowhere not found.',
        ruleCode: 'game/not-found',
      });
    });

    test('act: a player takes their bid back at most 3 times a turn; the 4th is refused and changes nothing; each player counts their own', async () => {
      const { host, member } = roles();
      const { gameID } = await startedGame(host, member);
      const bid = { type: 'BID', bid: { military: 0, tradeRowIndex: 0 } } as const;
      // The other player's changes of mind are theirs: they do not count against the host's three.
      for (let i = 0; i < 3; i++) {
        await member.client.games.act.mutate({ gameID, action: bid });
        await member.client.games.act.mutate({ gameID, action: { type: 'UNBID' } });
      }
      for (let i = 0; i < 3; i++) {
        await host.client.games.act.mutate({ gameID, action: bid });
        await host.client.games.act.mutate({ gameID, action: { type: 'UNBID' } });
      }
      const placed = await host.client.games.act.mutate({ gameID, action: bid });
      expect(await refused(host.client.games.act.mutate({ gameID, action: { type: 'UNBID' } }))).toMatchObject({
        code: 'TOO_MANY_REQUESTS',
        httpStatus: 429,
        message: 'You may take your bid back at most 3 times a turn.',
      });
      const after = await host.client.games.state.query({ gameID });
      expect(after.sequenceID).toBe(placed.sequenceID);
      expect(after.game.bidsByPlayerID).toEqual({ [host.userID]: bid.bid });
    });

    test('history: any signed-in user', async () => {
      const { host, member, outsider } = roles();
      const { gameID } = await startedGame(host, member);
      const history = await outsider.client.games.history.query({});
      expect(history.find((g) => g.id === gameID)).toMatchObject({
        players: [{ userID: host.userID }, { userID: member.userID }],
        gameEndTimestamp: null,
      });
    });

    test('onGame: a player gets their view, a spectator the spectator view; an unknown game is NOT_FOUND', async () => {
      const { host, member, outsider } = roles();
      const { gameID } = await startedGame(host, member);
      await host.client.games.act.mutate({ gameID, action: { type: 'BID', bid: { military: 0, tradeRowIndex: 0 } } });
      const mine = gameFeed(host.client.games.onGame, { gameID });
      const watched = gameFeed(outsider.client.games.onGame, { gameID });
      const [own] = await mine.count(1);
      const [spectated] = await watched.count(1);
      expect(own!.game.viewerID).toBe(host.userID);
      expect(own!.game.bidsByPlayerID).toEqual({ [host.userID]: { military: 0, tradeRowIndex: 0 } });
      expect(spectated!.game.viewerID).toBeNull();
      expect(spectated!.game.bidsByPlayerID).toEqual({});
      expect(spectated!.fromEvent).toBe(0);
      const missing = gameFeed(outsider.client.games.onGame, { gameID: 'g_nowhere' });
      expect(await missing.refusal()).toMatchObject({ code: 'NOT_FOUND', message: 'Game g_nowhere not found.' });
      // Refused before it started: never live for a moment (a page said "Reconnecting..." in between).
      expect(missing.isStarted).toBe(false);
      for (const f of [mine, watched, missing]) f.close();
    });
  });

  describe('chat', () => {
    test('history, send and onRoom: refused to anonymous; any signed-in user may chat in a lobby or game room', async () => {
      const { anonymous: anon, host, outsider } = roles();
      const lobbyID = await openLobby(host);
      const room = `lobby/${lobbyID}`;
      expect(await refused(anon.chat.history.query({ room }))).toMatchObject(LOGIN_REQUIRED);
      expect(await refused(anon.chat.send.mutate({ room, message: 'hi' }))).toMatchObject(LOGIN_REQUIRED);
      const anonRoom = feed(anon.chat.onRoom, { room });
      expect(await anonRoom.refusal()).toMatchObject({ code: 'UNAUTHORIZED', message: 'You must be logged in.' });
      const messages = feed(host.client.chat.onRoom, { room });
      await messages.started();
      const sent = await outsider.client.chat.send.mutate({ room, message: 'hello' });
      expect(sent).toMatchObject({ senderID: outsider.userID, room, message: 'hello' });
      expect(await host.client.chat.history.query({ room })).toEqual([sent]);
      expect(await messages.until((m) => m.id === sent.id)).toEqual(sent);
      anonRoom.close();
      messages.close();
    });
  });
});
