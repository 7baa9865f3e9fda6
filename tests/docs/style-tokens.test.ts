/**
 * The web client's colours have two homes and no third: stylesheets and inline styles take them from
 * the tokens (src/web/styles/tokens.css, named for their role, as `var(--mythos-…)`), and code that
 * needs a real colour string (SVG attributes, the charts, the contrast helper, Mantine's scales, the
 * animation's inline gradients) reads lib/palette.ts. So a shade is chosen once and a near-duplicate
 * cannot creep in: a hex colour in any other .css, .ts or .tsx file under src/web fails here, with
 * the file, line and colour. Where the palette and the tokens both have a colour (the same name,
 * `SITE.parchmentPale` and `--mythos-parchment-pale`), the two must agree.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as palette from '../../src/web/lib/palette.js';

const { CHART_MARKS } = palette;

const root = join(import.meta.dirname, '../..');
const web = join(root, 'src/web');
const TOKENS = 'src/web/styles/tokens.css';

const PALETTE = 'src/web/lib/palette.ts';

/** The files under `dir` whose names end with one of `endings`, as paths from the repository's root. */
function filesIn(dir: string, endings: readonly string[]): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesIn(path, endings);
    return endings.some((e) => entry.name.endsWith(e)) ? [relative(root, path)] : [];
  });
}

const stylesheets = (dir: string) => filesIn(dir, ['.css']);

/**
 * The palette's exports that mirror tokens, with the prefix of their tokens' names: each colour in
 * them has a token named from its path (AFFINITY_COLORS.Derion.frame is --mythos-affinity-derion-frame,
 * SITE.goldLeaf is --mythos-gold-leaf), with the same colour. The others are colours only code uses
 * (the charts, Mantine's scales, the drawn art's own shades, the contrast helper's text colours):
 * a new export is put in one list or the other.
 */
const MIRRORED: Record<string, string> = { AFFINITY_COLORS: 'affinity-', GOD_COLORS: 'god-', SITE: '' };
const CODE_ONLY = ['CHART_COLORS', 'CHART_MARKS', 'THEME', 'TEXT_ON', 'ART'];

const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

/** Each colour string in a palette export, by its token name (prefix and kebab-cased path). */
function leaves(value: unknown, name: string): [string, string][] {
  if (typeof value === 'string') return [[name, value]];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, v]) => leaves(v, `${name}${name === '' || name.endsWith('-') ? '' : '-'}${kebab(key)}`));
}

/** The tokens by name (without --mythos-), each `var(--mythos-…)` followed to its colour. */
function tokens(): Map<string, string> {
  const css = readFileSync(join(root, TOKENS), 'utf8');
  const raw = new Map([...css.matchAll(/--mythos-([a-z0-9-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));
  const resolve = (value: string, depth = 0): string => {
    const ref = /^var\(--mythos-([a-z0-9-]+)\)$/.exec(value);
    return ref && depth < 10 ? resolve(raw.get(ref[1]!) ?? value, depth + 1) : value;
  };
  return new Map([...raw].map(([name, value]) => [name, resolve(value)]));
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

  it('writes no hex colour in the code outside lib/palette.ts (a style takes var(--mythos-…), a colour string comes from the palette)', () => {
    const code = filesIn(web, ['.ts', '.tsx']);
    expect(code).toContain(PALETTE);
    expect(hexColours(PALETTE).length).toBeGreaterThan(0);
    const raw = code.filter((f) => f !== PALETTE).flatMap(hexColours);
    expect(raw).toEqual([]);
  });

  it("writes in the page's HTML (the frame drawn before any script or stylesheet, the browser's bar, the tab's icon) only the tokens' colours", () => {
    // index.html cannot read a token: its colours are written out, and must be the site's own.
    const html = 'src/web/index.html';
    const known = new Set([...tokens().values()].map((colour) => colour.toLowerCase()));
    const written = [...readFileSync(join(root, html), 'utf8').matchAll(/(?:#|%23)([0-9a-f]{6}|[0-9a-f]{3})\b/gi)].map((m) => `#${m[1]!.toLowerCase()}`);
    expect(written.length).toBeGreaterThan(0);
    expect(written.filter((colour) => !known.has(colour))).toEqual([]);
  });

  it("takes every stylesheet's fonts from the tokens, but the card faces' own printed type", () => {
    // The site's faces are chosen once (--mythos-serif, --mythos-sans, --mythos-mono): a heading
    // given a shorter stack of its own fell back to another face than the site's headings on a
    // machine without the first (Georgia on Windows, where the rest of the site has Palatino).
    // The cards are drawn as printed cards, in type of their own (cards/cards.module.css).
    const own = stylesheets(web)
      .filter((file) => file !== TOKENS && file !== 'src/web/cards/cards.module.css')
      .flatMap((file) =>
        readFileSync(join(root, file), 'utf8')
          .split('\n')
          .flatMap((line, i) => {
            const family = /font-family:\s*([^;]+);/.exec(line)?.[1]?.trim();
            return family === undefined || /^(var\(--mythos-(serif|sans|mono)\)|inherit)$/.test(family) ? [] : [`${file}:${i + 1}: ${family}`];
          }),
      );
    expect(own).toEqual([]);
  });

  it('knows every palette export as mirrored by tokens or used by code only', () => {
    const exports = Object.entries(palette)
      .filter(([, value]) => typeof value === 'object')
      .map(([name]) => name)
      .sort();
    expect(exports).toEqual([...Object.keys(MIRRORED), ...CODE_ONLY].sort());
  });

  it('holds the palette and the tokens equal for every colour both have', () => {
    const byName = tokens();
    const pairs = Object.entries(MIRRORED).flatMap(([name, prefix]) => leaves(palette[name as keyof typeof palette], prefix));
    expect(pairs.length).toBeGreaterThan(30);
    const disagreeing = pairs
      .filter(([token, colour]) => byName.get(token) !== colour)
      .map(([token, colour]) => `--mythos-${token}: ${byName.get(token) ?? 'missing'}, palette ${colour}`);
    expect(disagreeing).toEqual([]);
    // The chart's turning point and the links under it (named for their role on each side).
    expect(byName.get('chart-mark')).toBe(CHART_MARKS.turningPoint);
  });
});
