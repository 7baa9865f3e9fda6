/**
 * A rematch is one press. It opens a lobby and copies the old table into it, its options and each
 * of its bots; each copy counted as one of the person's own lobby changes (LOBBY_CHANGES_PER_USER),
 * so a table of several bots took a rematch past the limit partway, and the clean-up that closes
 * the half-made lobby was refused by the same limit: the person read "You are changing lobbies too
 * fast" and was left host of a lobby nobody offered them, with half the table. And a copy the
 * person could not have made (a developer's option or bot) refused the whole rematch.
 */
import { describe, expect, test } from 'vitest';
import { closedAfterEach } from './support.js';

const opened = closedAfterEach();

describe('a rematch of a table with bots and options', () => {
  test('is one of the person\'s lobby changes, however many bots and options it copies', async () => {
    // Room for the first lobby, its start and the rematch's press: three changes in 10 s.
    const server = await opened.start({ lobbyChangesPerUser: 3 });
    const ann = await opened.signIn(server, 'Ann');
    const me = (await server.app.services.users.get(ann.userID))!;
    const { id: lobbyID } = await ann.client.lobbies.create.mutate();
    // The table's bots and an option, set by the server so that the person's changes are left for the test.
    for (const bot of ['easy_bot', 'basic_bot', 'easy_bot'] as const) await server.app.services.lobbies.addBot(lobbyID, me, bot, 'server');
    await server.app.services.lobbies.setOption(lobbyID, me, 'biggerTradeRow', true, 'server');
    const { gameID } = await ann.client.lobbies.start.mutate({ lobbyID });
    await ann.client.games.leave.mutate({ gameID });
    await expect.poll(async () => (await ann.client.games.state.query({ gameID })).game.gameEndTimestamp, { timeout: 30_000 }).not.toBeNull();

    const made = await ann.client.lobbies.rematch.create.mutate({ gameID });
    expect(made.created).toBe(true);
    const lobby = await ann.client.lobbies.get.query({ lobbyID: made.lobbyID });
    expect(lobby).toMatchObject({ status: 'open', host: { id: ann.userID }, options: { biggerTradeRow: true } });
    expect(lobby.playerIDToBotType.map(([, type]) => type)).toEqual(['easy_bot', 'basic_bot', 'easy_bot']);
    // Her changes are used up by her own three presses: the next is refused, as any would be.
    await expect(ann.client.lobbies.addBot.mutate({ lobbyID: made.lobbyID, botType: 'easy_bot' })).rejects.toThrow('You are changing lobbies too fast. Wait a moment.');
  });

  test("a developer's table rematched by another player: what only developers may set stays with the old table, the rest is copied", async () => {
    const server = await opened.start();
    const dev = await opened.signIn(server, 'Dev');
    const bob = await opened.signIn(server, 'Bob');
    await server.app.services.users.makeDev(dev.userID);
    const { id: lobbyID } = await dev.client.lobbies.create.mutate();
    await bob.client.lobbies.join.mutate({ lobbyID });
    await dev.client.lobbies.setOption.mutate({ lobbyID, option: 'prerollDice', value: true });
    await dev.client.lobbies.setOption.mutate({ lobbyID, option: 'biggerTradeRow', value: true });
    await dev.client.lobbies.addBot.mutate({ lobbyID, botType: 'basic_bot2' });
    await dev.client.lobbies.addBot.mutate({ lobbyID, botType: 'easy_bot' });
    const { gameID } = await dev.client.lobbies.start.mutate({ lobbyID });
    await dev.client.games.leave.mutate({ gameID });
    await bob.client.games.leave.mutate({ gameID });
    await expect.poll(async () => (await bob.client.games.state.query({ gameID })).game.gameEndTimestamp, { timeout: 30_000 }).not.toBeNull();

    // Bob could set neither a developer's option nor a developer's bot: the rematch he opens has
    // the table's other options and bots. (It was refused: "Only developers can change prerollDice.")
    const made = await bob.client.lobbies.rematch.create.mutate({ gameID });
    expect(made.created).toBe(true);
    const lobby = await bob.client.lobbies.get.query({ lobbyID: made.lobbyID });
    expect(lobby).toMatchObject({ status: 'open', host: { id: bob.userID }, options: { biggerTradeRow: true, prerollDice: false } });
    expect(lobby.playerIDToBotType.map(([, type]) => type)).toEqual(['easy_bot']);
  });
});
