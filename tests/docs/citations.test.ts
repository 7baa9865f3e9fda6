/**
 * The repository stands alone: every document a file cites is in it. Code and tests cite
 * `docs/….md` (and `bench/RESULTS.md`) from the repository's root; markdown files link relative
 * to themselves. A newcomer with only this repository must be able to follow every citation, so
 * the project's planning papers kept elsewhere are never named.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const scanned = ['src', 'tests', 'bench', 'docs', 'examples', 'bin', 'data'];
const rootFiles = ['README.md', 'eslint.config.js', 'vite.config.ts', 'vitest.config.ts', 'package.json'];
const textFile = /\.(ts|tsx|js|mjs|cjs|json|md|css|html|py|sh)$/;

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...filesUnder(path));
    else if (textFile.test(name)) out.push(path);
  }
  return out;
}

const files = [...scanned.flatMap((dir) => filesUnder(join(root, dir))), ...rootFiles.map((f) => join(root, f))];
const text = new Map(files.map((file) => [file, readFileSync(file, 'utf8')]));
const thisFile = import.meta.filename;

describe('citations', () => {
  it('every docs/… or bench/… document a file names exists in the repository', () => {
    const missing: string[] = [];
    for (const [file, body] of text) {
      for (const [cited] of body.matchAll(/\b(?:docs|bench)\/[\w./-]+\.md\b/g)) {
        if (!existsSync(join(root, cited))) missing.push(`${relative(root, file)} cites ${cited}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('every relative link in a markdown file leads to a file of the repository', () => {
    const missing: string[] = [];
    for (const [file, body] of text) {
      if (!file.endsWith('.md')) continue;
      for (const [, target] of body.matchAll(/\]\(([^)#\s]+?)(?:#[^)]*)?\)/g)) {
        if (/^[a-z]+:/i.test(target!) || target!.startsWith('/')) continue;
        if (!existsSync(join(dirname(file), target!))) missing.push(`${relative(root, file)} links ${target}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('no file names a paper outside the repository', () => {
    // The planning papers by name, or any path into the folder beside the repository that holds
    // them (src/shared, a folder of this repository, is fine).
    const outside = /\b(?:ARCHITECTURE|STYLE|SPEC|BENCHMARKS)\.md\b|(?:\.\.\/)+shared\/(?:[\w-]+\.md|anchor-bgio)/;
    const naming = [...text].filter(([file, body]) => file !== thisFile && outside.test(body)).map(([file]) => relative(root, file));
    expect(naming).toEqual([]);
  });

  it('no file points a reader at "the spec": it names the document of the repository that says it', () => {
    // "The spec" was the planning paper's shorthand; a newcomer has docs/rules.md, docs/protocol.md
    // and docs/architecture.md instead, and cannot follow a pointer to a paper they do not have.
    const shorthand = /\bthe spec\b|\bspec's\b|\bspec (?:message|fields|strings|clients?)\b|\bproduct(?:'s)? spec(?:ification)?\b|\barchitecture blueprint\b/i;
    const naming = [...text].filter(([file, body]) => file !== thisFile && shorthand.test(body)).map(([file]) => relative(root, file));
    expect(naming).toEqual([]);
  });
});
