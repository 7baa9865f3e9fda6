/**
 * The built web client served by the API's process: every page path (the root too, whatever the
 * client's Accept-Encoding) gets the single-page app's shell, hashed assets are cached for good,
 * and a missing asset or API path is a 404, never the shell.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Server } from './support.js';

const SHELL = '<!doctype html><title>Mythos</title><div id="root"></div>';

const made: string[] = [];

function webDir(withShell: boolean): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mythos-web-'));
  made.push(dir);
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'assets', 'app-1a2b3c.js'), 'console.log("mythos")');
  if (withShell) fs.writeFileSync(path.join(dir, 'index.html'), SHELL);
  return dir;
}

describe('the web client', () => {
  let built: Server;
  let unbuilt: Server;
  beforeAll(async () => {
    [built, unbuilt] = await Promise.all([startServer({ webDir: webDir(true) }), startServer({ webDir: webDir(false) })]);
  });
  afterAll(async () => {
    await Promise.all([built?.close(), unbuilt?.close()]);
    for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
  });

  const get = (server: Server, url: string, headers: Record<string, string> = {}) => server.app.fastify.inject({ method: 'GET', url, headers });

  it('answers the root with the shell, with or without an Accept-Encoding (curl and health checks send none)', async () => {
    for (const headers of [{}, { 'accept-encoding': 'gzip, deflate, br' }] as Record<string, string>[]) {
      const response = await get(built, '/', headers);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toBe(SHELL);
    }
    expect((await built.app.fastify.inject({ method: 'HEAD', url: '/' })).statusCode).toBe(200);
  });

  it("answers any other page path with the shell, for the client's router", async () => {
    for (const url of ['/lobby', '/game/g_abc?spectate=1', '/rules']) {
      const response = await get(built, url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(SHELL);
    }
  });

  it('caches hashed assets for a year, and answers a missing one or an unknown API path with a 404', async () => {
    const asset = await get(built, '/assets/app-1a2b3c.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const stale = await get(built, '/assets/app-000000.js');
    expect([stale.statusCode, stale.body]).toEqual([404, 'Not found: /assets/app-000000.js']);
    const api = await get(built, '/api/nothing-here');
    expect([api.statusCode, api.json()]).toEqual([404, { ok: false, error: 'Not found: GET /api/nothing-here' }]);
  });

  it('says so at the root when the web client has not been built', async () => {
    const response = await get(unbuilt, '/');
    expect(response.statusCode).toBe(404);
    expect(response.body).toMatch(/^Mythos server is running\. The web client has not been built/);
  });
});
