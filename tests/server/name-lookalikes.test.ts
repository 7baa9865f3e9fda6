/**
 * Names people could take for one another: at one table (a lobby, an unfinished game) no two
 * players' names look alike, ignoring case and Unicode lookalike letters, and no person's name
 * looks like a bot's. Refused when a guest signs in, when someone joins a lobby, and when someone
 * renames while seated; a bot's seat takes the next number that looks like nobody's.
 */
import { describe, expect, test } from 'vitest';
import { botName } from '../../src/server/services/name-lookalikes.js';
import { DATABASES, useServer } from './databases.js';
import { openLobby, refused, startedGame } from './roles.js';
import { signInGuest, type Guest } from './support.js';

/** Cyrillic "А" (U+0410) and Greek "Ν" (U+039D): they draw as Latin A and N. */
const CYRILLIC_A = '\u0410';
const GREEK_N = '\u039d';

describe.each(DATABASES)('lookalike names on %s', (database) => {
  const suite = useServer(database);
  const server = () => suite().server;

  async function guest(name: string): Promise<Guest> {
    return signInGuest(server(), name);
  }

  async function guestLogin(username: string): Promise<Response> {
    return fetch(`${server().url}/auth/guest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, redirect: '/' }),
      redirect: 'manual',
    });
  }

  test('joining a lobby where someone is called the same, in another case or with lookalike letters, is refused', async () => {
    const ann = await guest('Ann');
    const lobbyID = await openLobby(ann);
    for (const name of ['Ann', 'ANN', 'ann', `${CYRILLIC_A}nn`, `A${GREEK_N}N`, 'Ａｎｎ', 'A nn', 'A-nn']) {
      const twin = await guest(name);
      expect(await refused(twin.client.lobbies.join.mutate({ lobbyID })), name).toEqual({
        code: 'CONFLICT',
        httpStatus: 409,
        message: 'Someone in this lobby is already called "Ann": change your name to join.',
        ruleCode: null,
      });
      twin.close();
    }
    const anne = await guest('Anne');
    await anne.client.lobbies.join.mutate({ lobbyID });
    expect((await anne.client.lobbies.get.query({ lobbyID })).players.map((p) => p.name)).toEqual(['Ann', 'Anne']);
    ann.close();
    anne.close();
  });

  test('case never tells names apart, and a capital I passes for an l: "ANNIA" is "Annia", "AnnIa" is "Annla", but "Annia" and "Annla" are two names', async () => {
    const refusal = (name: string) => ({ code: 'CONFLICT', httpStatus: 409, message: `Someone in this lobby is already called "${name}": change your name to join.`, ruleCode: null });
    async function tryJoin(lobbyID: string, name: string) {
      const newcomer = await guest(name);
      try {
        return await refused(newcomer.client.lobbies.join.mutate({ lobbyID }));
      } finally {
        newcomer.close();
      }
    }
    const annia = await guest('Annia');
    const anniaLobby = await openLobby(annia);
    for (const name of ['ANNIA', 'AnnIA', 'annia', 'ＡＮＮＩＡ']) expect(await tryJoin(anniaLobby, name), name).toEqual(refusal('Annia'));
    const annla = await guest('Annla');
    const annlaLobby = await openLobby(annla);
    for (const name of ['AnnIa', 'ANNLA', 'ANNIA']) expect(await tryJoin(annlaLobby, name), name).toEqual(refusal('Annla'));
    // A small i is no l: Annla may sit with Annia.
    await annla.client.lobbies.join.mutate({ lobbyID: anniaLobby });
    expect((await annia.client.lobbies.get.query({ lobbyID: anniaLobby })).players.map((p) => p.name)).toEqual(['Annia', 'Annla']);
    annia.close();
    annla.close();
  });

  test("a bot's seat is named after its whole kind and a number, past a person's 12 characters", () => {
    expect([botName('Easy Bot', 1), botName('Advanced Bot', 2), botName('Expert Bot', 1), botName('Expert Bot', 10)]).toEqual(['Easy Bot 1', 'Advanced Bot 2', 'Expert Bot 1', 'Expert Bot 10']);
    // A label that ends in a digit (the developers' Advanced Bot 2) keeps its number apart.
    expect([botName('Advanced Bot 2', 1), botName('Advanced Bot 2', 12)]).toEqual(['Advanced Bot 2 #1', 'Advanced Bot 2 #12']);
  });

  test("a bot's name, or one that looks like it, is refused to a person; words that only start like one are not", async () => {
    const lookalikes = ['Easy Bot 1', 'easy bot 2', 'EASY B0T l', `E${CYRILLIC_A.toLowerCase()}sy Bot 3`, 'Easy Bot', 'Advanced Bot', 'Advanced 4', 'Advanced 12', 'Expert Bot 1', 'Expert 10'];
    // Fullwidth, circled and superscript forms; spaces and punctuation left out or changed.
    const disguised = ['Ｅａｓｙ Ｂｏｔ １', 'Advanced２', 'Easy Bot ①', 'Easy Bot ¹', 'ᴱᵃˢʸ ᴮᵒᵗ', 'Easy Bot1', 'EasyBot 1', 'Easy-Bot 1', 'Easy_Bot_1', 'Expert.10'];
    for (const name of [...lookalikes, ...disguised]) {
      const response = await guestLogin(name);
      expect(response.status, name).toBe(400);
      expect(await response.text()).toBe(`"${name}" looks like a bot's name: choose another.`);
    }
    for (const name of ['Easy Botany', 'Advanced', 'Bot 1', 'Easy Bot One', 'EasyBotany', 'Advanced1st', '?!']) expect((await guestLogin(name)).status, name).toBe(303);
  });

  test('renaming to the name of someone in your open lobby or unfinished game is refused, and to a bot\'s; your own name in another case is fine', async () => {
    const [ann, bob, cat] = await Promise.all(['Ann', 'Bob', 'Cat'].map((name) => guest(name)));
    const lobbyID = await openLobby(ann!, bob!);
    expect(await refused(bob!.client.session.rename.mutate({ name: `${CYRILLIC_A}NN` }))).toEqual({
      code: 'BAD_REQUEST',
      httpStatus: 400,
      message: 'Someone in a lobby or game with you is already called "Ann": choose another name.',
      ruleCode: null,
    });
    expect(await refused(bob!.client.session.rename.mutate({ name: 'Easy Bot 2' }))).toMatchObject({ code: 'BAD_REQUEST', message: '"Easy Bot 2" looks like a bot\'s name: choose another.' });
    // Over the REST-style endpoint as well, in its plain-text shape.
    const form = await fetch(`${server().url}/auth/change-name`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: bob!.cookie },
      body: JSON.stringify({ newName: 'ann' }),
    });
    expect(form.status).toBe(400);
    expect(await form.text()).toBe('Someone in a lobby or game with you is already called "Ann": choose another name.');
    expect(await ann!.client.session.rename.mutate({ name: 'ANN' })).toMatchObject({ name: 'ANN' });
    // Cat shares nothing with Ann: the name is free to her.
    expect(await cat!.client.session.rename.mutate({ name: 'Bob' })).toMatchObject({ name: 'Bob' });
    await cat!.client.session.rename.mutate({ name: 'Cat' });

    // In an unfinished game, the same.
    await ann!.client.lobbies.leave.mutate({ lobbyID });
    const { gameID } = await startedGame(cat!, ann!);
    expect(await refused(ann!.client.session.rename.mutate({ name: 'CAT' }))).toMatchObject({
      message: 'Someone in a lobby or game with you is already called "Cat": choose another name.',
    });
    expect((await ann!.client.games.state.query({ gameID })).game.players).toHaveLength(2);
    for (const g of [ann, bob, cat]) g!.close();
  });

  test("a bot's seat takes the next number nobody at the table has: a removed bot's number is not handed out twice", async () => {
    const host = await guest('Host');
    const lobbyID = await openLobby(host);
    await host.client.lobbies.addBot.mutate({ lobbyID, botType: 'easy_bot' });
    await host.client.lobbies.addBot.mutate({ lobbyID, botType: 'easy_bot' });
    const two = await host.client.lobbies.get.query({ lobbyID });
    expect(two.players.map((p) => p.name)).toEqual(['Host', 'Easy Bot 1', 'Easy Bot 2']);
    await host.client.lobbies.kick.mutate({ lobbyID, playerID: two.players[1]!.id });
    await host.client.lobbies.addBot.mutate({ lobbyID, botType: 'easy_bot' });
    expect((await host.client.lobbies.get.query({ lobbyID })).players.map((p) => p.name)).toEqual(['Host', 'Easy Bot 2', 'Easy Bot 3']);
    host.close();
  });
});
