/**
 * Stylesheets take their colours from the tokens (src/web/styles/tokens.css, named for their role),
 * so a shade is chosen once and a near-duplicate cannot creep in: a hex colour in any other .css
 * file under src/web fails here, with the file, line and colour.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const web = join(root, 'src/web');
const TOKENS = 'src/web/styles/tokens.css';
/** Stylesheets still to move onto the tokens (the card faces); remove each as it is done. */
const NOT_YET = new Set(['src/web/cards/cards.css', 'src/web/cards/card-play.css', 'src/web/cards/gallery.css']);

function stylesheets(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return stylesheets(path);
    return entry.name.endsWith('.css') ? [relative(root, path)] : [];
  });
}

/** Each hex colour in a stylesheet as "path:line #colour" (comments included: a colour is not written there either). */
function hexColours(path: string): string[] {
  return readFileSync(join(root, path), 'utf8')
    .split('\n')
    .flatMap((line, i) => [...line.matchAll(/#[0-9a-f]{3,8}\b/gi)].map((m) => `${path}:${i + 1} ${m[0]}`));
}

describe('colour tokens', () => {
  const files = stylesheets(web);

  it('defines the tokens in one file', () => {
    expect(files).toContain(TOKENS);
    expect(hexColours(TOKENS).length).toBeGreaterThan(0);
  });

  it('writes no hex colour in a stylesheet outside the tokens file', () => {
    const raw = files.filter((f) => f !== TOKENS && !NOT_YET.has(f)).flatMap(hexColours);
    expect(raw).toEqual([]);
  });

  it('lists only stylesheets that exist and still hold a hex colour as not yet done', () => {
    const done = [...NOT_YET].filter((f) => !files.includes(f) || hexColours(f).length === 0);
    expect(done).toEqual([]);
  });
});
