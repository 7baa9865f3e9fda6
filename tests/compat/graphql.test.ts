/**
 * The GraphQL endpoint (graphql-helix over graphql 16): GraphiQL for browsers, POST with a JSON
 * body answering as GET does, and errors in the standard `errors` array.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Server } from '../server/support.js';
import { guest, type Session } from './protocol-client.js';

let server: Server;
let me: Session;
let lobbyID: string;

beforeAll(async () => {
  server = await startServer();
  me = await guest(server.url, 'Grapher');
  lobbyID = (await me.call('POST', '/api/lobby/create')).json.id;
});
afterAll(async () => server.close());

describe('GraphQL at /api/graphql', () => {
  it('a browser asking for HTML gets the GraphiQL page', async () => {
    const page = await fetch(`${server.url}/api/graphql`, { headers: { accept: 'text/html', cookie: me.cookie } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(/^\s*<!DOCTYPE html>/i.test(html)).toBe(true);
    expect(html.includes('<title>GraphiQL</title>')).toBe(true);
    // Self-contained: no script or style is fetched from elsewhere.
    expect(html.match(/<(script|link)[^>]+(src|href)="https?:/g)).toBeNull();
    // Asking for JSON, or with a query, is a GraphQL request, not the page.
    const json = await fetch(`${server.url}/api/graphql?query=${encodeURIComponent('{ lobbies { id } }')}`, { headers: { accept: 'application/json', cookie: me.cookie } });
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('JSON for every request that carries a query or prefers JSON; GraphiQL only for a browser opening the address', async () => {
    const query = encodeURIComponent('{ lobbies { id } }');
    const get = (path: string, accept: string) => fetch(`${server.url}${path}`, { headers: { accept, cookie: me.cookie } });
    const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
    // A query is always answered in JSON, whatever the Accept header lists.
    for (const accept of ['text/html', BROWSER, 'application/json, text/html', 'text/html;q=0.9, application/json', '*/*']) {
      const answer = await get(`/api/graphql?query=${query}`, accept);
      expect(answer.headers.get('content-type'), accept).toMatch(/^application\/json/);
      expect(((await answer.json()) as { data: { lobbies: unknown[] } }).data.lobbies, accept).toEqual(expect.arrayContaining([{ id: lobbyID }]));
    }
    // Without a query: the page only for a client preferring HTML to JSON.
    for (const accept of ['application/json, text/html', 'text/html, application/json', 'text/html;q=0.5, application/json', 'application/json', '*/*']) {
      const answer = await get('/api/graphql', accept);
      expect(answer.headers.get('content-type'), accept).toMatch(/^application\/json/);
      expect(await answer.json(), accept).toEqual({ errors: [{ message: 'Must provide query string.' }] });
    }
    for (const accept of [BROWSER, 'text/html', 'text/html, application/json;q=0.9']) {
      const answer = await get('/api/graphql', accept);
      expect(answer.headers.get('content-type'), accept).toMatch(/^text\/html/);
      expect(await answer.text(), accept).toContain('<title>GraphiQL</title>');
    }
  });

  it('POST with a JSON body answers exactly as GET, for each query', async () => {
    const queries: [string, Record<string, unknown> | undefined][] = [
      ['query Profile($id: ID!) { user(id: $id) { id name subtitle profilePictureURL statsJSON isDev canSeeProfile canChangeName games(first: 5) { id startTimestamp endTimestamp players { user { id name } gameStatsJSON } renderedGame } } }', { id: me.userID }],
      ['query Users($ids: [ID!]!) { users(ids: $ids) { id name profilePictureURL } }', { ids: [me.userID, 'u_nobody'] }],
      ['{ lobbies { id sequenceID name host { id name } players { id name profilePictureURL } options modules playerIDToBotType { playerID botType } game { id endTimestamp } creationDate status } }', undefined],
      ['query Lobby($id: ID!) { lobby(id: $id) { id name sequenceID status options } }', { id: lobbyID }],
    ];
    for (const [query, variables] of queries) {
      const byGet = await me.graphql(query, variables);
      const byPost = await me.call('POST', '/api/graphql', { query, variables });
      expect(byGet.status, query).toBe(200);
      expect(byGet.json.errors, query).toBeUndefined();
      expect(byPost.status, query).toBe(200);
      expect(byPost.json, query).toEqual(byGet.json);
    }
    const users = await me.graphql('query ($ids: [ID!]!) { users(ids: $ids) { id name } }', { ids: [me.userID, 'u_nobody'] });
    expect(users.json).toEqual({ data: { users: [{ id: me.userID, name: 'Grapher' }, null] } });
    const lobby = await me.call('POST', '/api/graphql', { query: 'query ($id: ID!) { lobby(id: $id) { id status options } }', variables: { id: lobbyID } });
    expect(lobby.json.data.lobby).toMatchObject({ id: lobbyID, status: 'open' });
    expect(JSON.parse(lobby.json.data.lobby.options)).toMatchObject({ unbid: true, hideFavor: false });
  });

  it('POST picks an operation by operationName and takes variables as an object', async () => {
    const document = `query Mine { user(id: "${me.userID}") { name } } query All { lobbies { id } }`;
    const mine = await me.call('POST', '/api/graphql', { query: document, operationName: 'Mine' });
    expect(mine.json).toEqual({ data: { user: { name: 'Grapher' } } });
    const all = await me.call('POST', '/api/graphql', { query: document, operationName: 'All' });
    expect(all.json.data.lobbies).toEqual(expect.arrayContaining([{ id: lobbyID }]));
    const neither = await me.call('POST', '/api/graphql', { query: document });
    expect(neither.status).toBe(400);
    expect(neither.json).toEqual({ errors: [{ message: 'Could not determine what operation to execute.' }] });
  });

  it('errors come in the standard errors array', async () => {
    const unknownField = await me.call('POST', '/api/graphql', { query: '{ lobbies { id colour } }' });
    expect(unknownField.status).toBe(400);
    expect(unknownField.json).toEqual({ errors: [{ message: 'Cannot query field "colour" on type "Lobby".', locations: [{ line: 1, column: 16 }] }] });
    const byGet = await me.graphql('{ lobbies { id colour } }');
    expect([byGet.status, byGet.json]).toEqual([400, unknownField.json]);

    const missingArgument = await me.graphql('{ user { name } }');
    expect(missingArgument.status).toBe(400);
    expect(missingArgument.json.errors[0].message).toBe('Field "user" argument "id" of type "ID!" is required, but it was not provided.');

    // A resolver's refusal: 200, partial data and the error with its path.
    const refused = await me.graphql(`{ devUsers { id } lobby(id: "${lobbyID}") { id } }`);
    expect(refused.status).toBe(200);
    expect(refused.json).toEqual({
      data: null,
      errors: [{ message: 'Only developers can list users.', locations: [{ line: 1, column: 3 }], path: ['devUsers'] }],
    });
    const tooMany = await me.graphql('query ($ids: [ID!]!) { users(ids: $ids) { id } }', { ids: Array.from({ length: 201 }, (_, i) => `u_${i}`) });
    expect(tooMany.json.errors[0]).toMatchObject({ message: 'Ask for at most 200 users at a time.', path: ['users'] });

    const mutation = await me.call('POST', '/api/graphql', { query: 'mutation { rename(name: "x") }' });
    // There are no mutations: the schema refuses one when executing it (200, data null).
    expect(mutation.status).toBe(200);
    expect(mutation.json).toEqual({ data: null, errors: [{ message: 'Schema is not configured to execute mutation operation.', locations: [{ line: 1, column: 1 }] }] });
    const getMutation = await me.graphql('mutation { rename(name: "x") }');
    expect(getMutation.status).toBe(405);
    expect(getMutation.json).toEqual({ errors: [{ message: 'Can only perform a mutation operation from a POST request.' }] });
  });
});
