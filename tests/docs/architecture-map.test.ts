/**
 * docs/architecture.md is a newcomer's map of the repository: its "Where to find things" table
 * names every folder of the layers it maps, and every path the document names exists. So a folder
 * added, or a file moved or renamed, fails here until the map says where it went.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
const index = doc.slice(doc.indexOf('## Where to find things'));

/** The folders directly inside `dir`, as paths from the repository's root. */
function foldersIn(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${dir}/${entry.name}`);
}

/** The folders the table must name: every part of the server, the web client, the engine and the tests, and the other top folders. */
const mapped = [
  ...['src/server', 'src/web', 'src/engine', 'tests'].flatMap(foldersIn),
  ...['src/engine', 'src/bots', 'src/shared', 'src/cli', 'src/compat', 'bench', 'bin', 'data', 'examples'],
];

describe('the architecture map', () => {
  it('has a "Where to find things" table', () => {
    expect(index).toMatch(/^## Where to find things\n/);
  });

  it('names every folder of the tree it maps', () => {
    const unnamed = mapped.filter((folder) => !index.includes(`${folder}/`));
    expect(unnamed).toEqual([]);
  });

  it('names only paths that exist', () => {
    const named = [...doc.matchAll(/`((?:src|tests|bench|bin|data|docs|examples)\/[^`*\s]*)`/g)].map(([, path]) => path!);
    expect(named.length).toBeGreaterThan(50);
    expect(named.filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });
});
