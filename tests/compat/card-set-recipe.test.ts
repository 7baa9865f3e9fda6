/**
 * A game's card set, as a client of /channel (or GraphQL) builds it: those transports leave out
 * `cardsByID` and `tributeCardsByID`, and docs/protocol.md says to build them from
 * `/api/game_definitions` and the game's `modules`. Built by the page's recipe, they equal what
 * REST's state sends, for a module that swaps cards (Alternative Leaders removes the core leaders
 * and adds its own).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Server } from '../server/support.js';
import { guest } from './protocol-client.js';

let server: Server;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server.close());

/** The recipe of docs/protocol.md, "GET /api/game_definitions". */
function buildCardSet(definitions: any, modules: string[]) {
  const cards = new Map<number, unknown>(definitions.cardDefs.map((card: any) => [card.id, card]));
  const tributes = new Map<number, unknown>(definitions.tributeCardDefs.map((tribute: any) => [tribute.id, tribute]));
  for (const key of modules) {
    const module = definitions.modules.find((m: any) => m.key === key);
    for (const id of module.cardsToRemove) cards.delete(id);
    for (const id of module.tributeCardsToRemove) tributes.delete(id);
    for (const card of module.replaceCore) if (cards.has(card.id)) cards.set(card.id, card);
    for (const card of module.cardDefs) cards.set(card.id, card);
    for (const tribute of module.tributeCardDefs) tributes.set(tribute.id, tribute);
  }
  return { cardsByID: Object.fromEntries(cards), tributeCardsByID: Object.fromEntries(tributes) };
}

describe("a game's card set, built from /api/game_definitions", () => {
  it('the protocol says how: remove, replace, then add, module by module', () => {
    const page = readFileSync(join(import.meta.dirname, '../../docs/protocol.md'), 'utf8');
    const section = page.slice(page.indexOf('### GET /api/game_definitions'), page.indexOf('### POST /api/lobby/create'));
    for (const field of ['cardsToRemove', 'tributeCardsToRemove', 'replaceCore', 'cardDefs', 'tributeCardDefs']) expect(section).toContain(`\`${field}\``);
  });

  it('equals the state REST sends for a game with Alternative Leaders', async () => {
    const ann = await guest(server.url, 'Ann');
    const lobbyID = (await ann.call('POST', '/api/lobby/create')).json.id;
    expect((await ann.call('POST', `/api/lobby/${lobbyID}/set_module`, { module: 'altleaders', enabled: true })).json).toEqual({ ok: true });
    expect((await ann.call('POST', `/api/lobby/${lobbyID}/add_bot`, { bot_name: 'easy_bot' })).json).toEqual({ ok: true });
    const { gameID } = (await ann.call('POST', `/api/lobby/${lobbyID}/start`, {})).json;
    const state = (await ann.call('GET', `/api/game/${gameID}/state`)).json;
    expect(state.modules).toEqual(['altleaders']);
    const built = buildCardSet((await ann.call('GET', '/api/game_definitions')).json, state.modules);
    expect(built.cardsByID).toEqual(state.cardsByID);
    expect(built.tributeCardsByID).toEqual(state.tributeCardsByID);
    // The core set alone would not do: its leaders are not this game's.
    expect(buildCardSet((await ann.call('GET', '/api/game_definitions')).json, []).cardsByID).not.toEqual(state.cardsByID);
  });
});
