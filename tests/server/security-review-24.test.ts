/**
 * The twenty-fourth review's theme: nothing hidden can be computed from what is shown. A player
 * who wants the dice before they are rolled, the order of the age and tribute decks or a bot's bid
 * has only what the server sends them (their view on every transport, the lobby, the lists, the
 * replays of finished games): none of it may hold the secret that makes them, nor anything from
 * which that secret follows.
 *
 * Looked at and found sound (no hole): every live game's seed is mixed from a lobby secret of 32
 * bytes from the OS, one secret a lobby and one game a lobby, so no two games share a seed, and a
 * rematch or Play now gets a lobby, so a secret, of its own; the game's generator is ChaCha20 keyed
 * by the seed; the bots draw from keys derived from it by HMAC and decide from their seat's own
 * view; views show deck and discard contents sorted, never the generator, the pre-rolled dice or
 * the seed; a restarted server goes on from the stored generator's state. What is kept here are
 * the attempts that would fail if those protections went:
 *
 * - during a game, nothing that any transport sends its players, a spectator or a visitor (tRPC,
 *   REST, GraphQL, the lobby and the lists) holds 16 hex digits in a row of the seed, the server's
 *   secret or the bots' seeds; once the game ends the seed is there (so the scan can see it);
 * - a finished game's revealed secret and seed do not give its rematch's dice: the rematch lobby
 *   commits to a secret of its own, and its game's seed is not the published mix of the old secret
 *   with the values given for the rematch.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitmentOf, deriveSeed, mixedSeed, type Game } from '../../src/engine/index.js';
import { botSeedOf } from '../../src/server/services/game-service.js';
import { caller } from '../compat/protocol-client.js';
import { decisionNow, definitionsOf, simpleAction } from './play.js';
import { anonymous, signInGuest, startServer, type Guest, type Server } from './support.js';

let server: Server;
let ann: Guest;
let bea: Guest;
let cat: Guest;

beforeAll(async () => {
  server = await startServer({ maxRunningGamesPerUser: 100, gamesPerUserPerHour: 1_000, lobbyChangesPerUser: 1_000 });
  [ann, bea, cat] = await Promise.all([signInGuest(server, 'Ann'), signInGuest(server, 'Bea'), signInGuest(server, 'Cat')]);
});

afterAll(async () => {
  for (const guest of [ann, bea, cat]) guest?.close();
  await server?.close();
});

/** Every run of 16 hex digits of each secret: a prefix, a suffix or any slice of one betrays it. */
function slicesOf(secrets: Record<string, string>): Map<string, string> {
  const slices = new Map<string, string>();
  for (const [name, secret] of Object.entries(secrets)) for (let i = 0; i + 16 <= secret.length; i++) slices.set(secret.slice(i, i + 16).toLowerCase(), name);
  return slices;
}

/** The secrets named whose slices occur in `text` (compared in lower case). */
function leaked(text: string, slices: Map<string, string>): string[] {
  const lower = text.toLowerCase();
  const found = new Set<string>();
  for (const [slice, name] of slices) if (lower.includes(slice)) found.add(name);
  return [...found].sort();
}

/** The secrets a running game's future follows from: its seed (the generator's key), the lobby's secret, the bots' seeds. */
function secretsOf(game: Game): Record<string, string> {
  const seed = game.seed as string;
  const botSeed = botSeedOf(game);
  const secrets: Record<string, string> = { seed, serverSecret: game.serverSecret!, botSeed };
  // The generator's key is the seed today; were it ever another, it would be as secret.
  if (game.rngState.kind === 'chacha20' && game.rngState.key !== seed) secrets.generatorKey = game.rngState.key;
  game.players.forEach((_, seat) => (secrets[`decision/${seat}`] = deriveSeed(botSeed, 'decision', seat, game.sequenceID)));
  return secrets;
}

/** Everything the server shows about a game and its lobby to each kind of reader, as text. */
async function everythingShown(gameID: string, lobbyID: string): Promise<Record<string, string>> {
  const visitor = anonymous(server);
  try {
    const graphQL = (who: Guest) =>
      caller(server.url, who.cookie).graphql(
        'query ($id: ID!, $lobby: ID!) { user(id: $id) { games(first: 5) { id players { gameStatsJSON } renderedGame } } lobby(id: $lobby) { serverSecretCommitment players { seedValue } } }',
        { id: ann.userID, lobby: lobbyID },
      );
    const settle = (promise: Promise<unknown>) => promise.then((value) => value, (error: unknown) => (error instanceof Error ? error.message : String(error)));
    const shown: Record<string, unknown> = {
      annState: await ann.client.games.state.query({ gameID }),
      beaState: await bea.client.games.state.query({ gameID }),
      spectatorState: await cat.client.games.state.query({ gameID }),
      visitorState: await settle(visitor.client.games.state.query({ gameID })),
      restPlayer: (await caller(server.url, bea.cookie).call('GET', `/api/game/${gameID}/state`)).json,
      restSpectator: (await caller(server.url, cat.cookie).call('GET', `/api/game/${gameID}/state`)).json,
      restVisitor: (await caller(server.url, null).call('GET', `/api/game/${gameID}/state`)).json,
      restHistory: (await caller(server.url, cat.cookie).call('GET', '/api/game_history_list')).json,
      graphQLPlayer: (await graphQL(ann)).json,
      graphQLSpectator: (await graphQL(cat)).json,
      lobby: await cat.client.lobbies.get.query({ lobbyID }),
      lobbies: await cat.client.lobbies.list.query(),
      history: await cat.client.games.history.query({ includeBots: true }),
      myGames: await ann.client.users.myGames.query({ offset: 0, limit: 10 }),
      profile: await cat.client.users.profile.query({ userID: ann.userID }),
      replay: await settle(ann.client.replays.get.query({ gameID })),
      replayFile: await settle(ann.client.replays.file.query({ gameID })),
      chat: await settle(cat.client.chat.history.query({ room: `game/${gameID}` })),
    };
    return Object.fromEntries(Object.entries(shown).map(([door, value]) => [door, JSON.stringify(value)]));
  } finally {
    visitor.close();
  }
}

/** Ann's and Bea's plain answers until neither has anything to decide or `steps` were taken. */
async function play(gameID: string, steps: number): Promise<void> {
  const definitions = await definitionsOf(ann.client);
  for (let step = 0; step < steps; step++) {
    let acted = false;
    for (const guest of [ann, bea]) {
      const action = simpleAction((await decisionNow(guest.client, gameID, definitions, guest.userID)).decision);
      if (action) {
        await guest.client.games.act.mutate({ gameID, action });
        acted = true;
      }
    }
    if (!acted) return;
  }
}

describe('what a running game shows', () => {
  it('holds no 16 hex digits of its seed, the lobby secret or the bots\' seeds on any door; the seed shows once the game ends', { timeout: 60_000 }, async () => {
    const { id: lobbyID } = await ann.client.lobbies.create.mutate();
    await bea.client.lobbies.join.mutate({ lobbyID, value: 'bea value' });
    await ann.client.lobbies.contribute.mutate({ lobbyID, value: 'ann value' });
    await ann.client.lobbies.addBot.mutate({ lobbyID, botType: 'basic_bot' });
    await ann.client.lobbies.setOption.mutate({ lobbyID, option: 'rerollTokens', value: true });
    const { gameID } = await ann.client.lobbies.start.mutate({ lobbyID });
    await cat.client.chat.send.mutate({ room: `game/${gameID}`, message: 'good luck' });

    for (const steps of [0, 3, 9]) {
      await play(gameID, steps);
      const game = (await server.app.services.games.get(gameID))!;
      expect(game.gameEndTimestamp).toBeNull();
      const slices = slicesOf(secretsOf(game));
      const shown = await everythingShown(gameID, lobbyID);
      // The doors answered (a refusal is text too, and is scanned as such).
      expect(shown.spectatorState).toContain(game.seedCommitment!);
      expect(shown.replay).toContain('has not ended');
      const leaks = Object.entries(shown).flatMap(([door, text]) => leaked(text, slices).map((secret) => `${door}: ${secret}`));
      expect(leaks, `after ${steps} more steps`).toEqual([]);
    }

    // The scan sees a secret where there is one: once the game is over its seed is shown.
    const running = (await server.app.services.games.get(gameID))!;
    await ann.client.games.leave.mutate({ gameID });
    await bea.client.games.leave.mutate({ gameID });
    await expect.poll(async () => (await cat.client.games.state.query({ gameID })).game.gameEndTimestamp, { timeout: 30_000 }).not.toBeNull();
    const after = await everythingShown(gameID, lobbyID);
    const slices = slicesOf({ seed: running.seed as string, serverSecret: running.serverSecret! });
    expect(leaked(after.spectatorState!, slices)).toEqual(['seed', 'serverSecret']);
  });
});

describe("a finished game's revealed seed", () => {
  it("gives neither its rematch's commitment nor its seed", { timeout: 60_000 }, async () => {
    const { id: lobbyID } = await ann.client.lobbies.create.mutate();
    await ann.client.lobbies.contribute.mutate({ lobbyID, value: 'same every time' });
    await ann.client.lobbies.addBot.mutate({ lobbyID, botType: 'easy_bot' });
    const { gameID } = await ann.client.lobbies.start.mutate({ lobbyID });
    await ann.client.games.leave.mutate({ gameID });
    await expect.poll(async () => (await ann.client.games.state.query({ gameID })).game.gameEndTimestamp, { timeout: 30_000 }).not.toBeNull();
    // What anyone may read of the finished game: its secret and seed, revealed.
    const replay = await cat.client.replays.get.query({ gameID });
    const revealedSecret = replay.serverSecret!;
    const revealedSeed = replay.seed as string;
    expect(commitmentOf(revealedSecret)).toBe(replay.serverSecretCommitment);

    const rematch = await ann.client.lobbies.rematch.create.mutate({ gameID });
    expect(rematch.created).toBe(true);
    // The same person, the same value, the same bot: only the server's secret can tell the games apart.
    await ann.client.lobbies.contribute.mutate({ lobbyID: rematch.lobbyID, value: 'same every time' });
    const lobby = await cat.client.lobbies.get.query({ lobbyID: rematch.lobbyID });
    expect(lobby.serverSecretCommitment).not.toBe(commitmentOf(revealedSecret));
    expect(lobby.serverSecretCommitment).toBe(rematch.serverSecretCommitment);
    const { gameID: next } = await ann.client.lobbies.start.mutate({ lobbyID: rematch.lobbyID });
    const { game: view } = await cat.client.games.state.query({ gameID: next });
    expect(view.seed).toBeNull();
    const contributions = view.seedContributions!;
    expect(contributions.map((c) => c.value)).toEqual(['same every time', '']);
    // What a player would try: the old secret mixed with the rematch's public values, or the old seed itself.
    const guesses = [mixedSeed({ serverSecret: revealedSecret, contributions }), revealedSeed, deriveSeed(revealedSeed, 'rematch')];
    for (const guess of guesses) expect(view.seedCommitment).not.toBe(commitmentOf(guess));
    expect(view.seedCommitment).not.toBe(replay.seedCommitment);
  });
});
