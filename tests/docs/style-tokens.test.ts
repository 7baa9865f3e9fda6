/**
 * Stylesheets take their colours from the tokens (src/web/styles/tokens.css, named for their role),
 * so a shade is chosen once and a near-duplicate cannot creep in: a hex colour in any other .css
 * file under src/web fails here, with the file, line and colour. The card faces' affinity and god
 * colours are also in lib/palette.ts (SVG fills and charts need real colour strings): the two must agree.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AFFINITY_COLORS, CHART_MARKS, GOD_COLORS } from '../../src/web/lib/palette.js';

const root = join(import.meta.dirname, '../..');
const web = join(root, 'src/web');
const TOKENS = 'src/web/styles/tokens.css';

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
    const raw = files.filter((f) => f !== TOKENS).flatMap(hexColours);
    expect(raw).toEqual([]);
  });

  it("mirrors the palette's affinity and god colours (the SVG icons and charts read lib/palette.ts)", () => {
    const css = readFileSync(join(root, TOKENS), 'utf8');
    const token = (name: string) => new RegExp(`--mythos-${name}:\\s*([^;]+);`).exec(css)?.[1]?.trim();
    for (const [affinity, colours] of Object.entries(AFFINITY_COLORS)) {
      for (const [role, colour] of Object.entries(colours)) expect(token(`affinity-${affinity.toLowerCase()}-${role}`), `${affinity} ${role}`).toBe(colour);
    }
    expect(token('god-akroa')).toBe(GOD_COLORS.Akroa);
    expect(token('god-baeren')).toBe(GOD_COLORS.Baeren);
    expect(token('chart-mark')).toBe(CHART_MARKS.turningPoint);
  });
});
