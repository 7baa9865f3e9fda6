/**
 * The card gallery's contents (/all-cards): which sections show which cards for a
 * visitor and the page's query parameters. Pure, so the page only draws what this returns.
 *
 * Query parameters:
 * - `module=key` (repeatable) shows the card set as a game with those modules would have it: the
 *   core sections with each module's removals, replacements and additions applied in order (as the
 *   engine's buildCardSet does). An unknown key, or one this visitor may not see, is an error:
 *   'Module {key} not found'; a value no key could be is not said back (`unknownModule`).
 * - `include=pattern` (repeatable) keeps only the cards whose name matches one of the patterns.
 * - `includeTributes=pattern` (repeatable) keeps only the tributes whose name matches; with no
 *   pattern (or `true`/`1`) every tribute.
 * - `excludeTributes=pattern` (repeatable) drops the tributes whose name matches; with no pattern
 *   (or `true`/`1`) it drops them all.
 * Patterns match the whole name, ignoring case; `*` matches any run of characters.
 */
import type { Card, GameDefinitions, ModuleDef, TributeCard } from '../../engine/cards/definitions.js';
import { isIdLike, moduleNotFound } from '../../engine/types.js';

export type { Card, TributeCard };

/** Printed copies per card: leaders 5, basic cards 6, every other card and tribute 1. */
export function printCopies(item: Card | TributeCard): number {
  if (!('affinity' in item)) return 1;
  if (item.affinity === 'Leader') return 5;
  if (item.affinity === 'Basic') return 6;
  return 1;
}

export interface Pile {
  /** The age of the pile's card back; null for a pile with no back (ageless basic cards). */
  back: 1 | 2 | 3 | null;
  cards: Card[];
}

export interface Section {
  id: string;
  title: string;
  description?: string;
  /** Cards in piles: one pile for most sections, one per age for the basic cards. */
  piles: Pile[];
  tributes: TributeCard[];
  /** For module sections: what the module takes out of the core set. */
  removes?: string[];
}

export interface CatalogueQuery {
  modules: string[];
  include: string[];
  includeTributes: string[] | null;
  excludeTributes: string[] | null;
}

const FLAG = new Set(['', 'true', '1', '*']);

/** Reads the query string; a repeated flag-like parameter with no pattern means "all". */
export function parseCatalogueQuery(params: URLSearchParams): CatalogueQuery {
  const patterns = (key: string): string[] | null => {
    if (!params.has(key)) return null;
    const values = params.getAll(key).flatMap((v) => v.split(',')).map((v) => v.trim());
    return values.some((v) => FLAG.has(v.toLowerCase())) ? [] : values;
  };
  return {
    modules: params.getAll('module').flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean),
    include: params.getAll('include').map((v) => v.trim()).filter(Boolean),
    includeTributes: patterns('includeTributes'),
    excludeTributes: patterns('excludeTributes'),
  };
}

/**
 * A name pattern as a whole-name, case-insensitive matcher; `*` matches anything. Matched by hand,
 * going back only to the last star, in time at most the product of the two lengths: as a regular
 * expression (each `*` a `.*`) a pattern of a few stars backtracked through every way of sharing
 * a name among them, and a link to `/all-cards?include=**********!` held the page for 6 s, each
 * star more some ten times longer (tests/web/components/security-review-23.test.tsx).
 */
export function wildcard(pattern: string): (name: string) => boolean {
  const wanted = pattern.toLowerCase();
  return (shown) => {
    const name = shown.trim().toLowerCase();
    let at = 0; // in the name
    let of = 0; // in the pattern
    let star = -1; // the pattern's last star met (-1: none yet)
    let from = 0; // where in the name that star's run ends so far
    while (at < name.length) {
      if (wanted[of] === '*') {
        star = of++;
        from = at;
      } else if (wanted[of] === name[at]) {
        at++;
        of++;
      } else if (star >= 0) {
        // The last star takes one character more, and the rest of the pattern starts again after it.
        at = ++from;
        of = star + 1;
      } else return false;
    }
    while (wanted[of] === '*') of++;
    return of === wanted.length;
  };
}

function matchesAny(patterns: readonly string[], name: string): boolean {
  return patterns.some((p) => wildcard(p)(name));
}

/** Modules this visitor may see: enabled ones, and devOnly ones for developers. */
export function visibleModules(modules: readonly ModuleDef[], isDev: boolean): ModuleDef[] {
  return modules.filter((m) => m.state === 'enabled' || (m.state === 'devOnly' && isDev));
}

export type Catalogue = { error: string } | { sections: Section[] };

/**
 * The words for a link's module this visitor has none of. The link is whoever wrote it's, and its
 * value was said back whole in the page's red alert: "Module — your account is suspended: sign in
 * again at ... — not found", a stranger's sentence in the site's own words. Only a value that could
 * be a key is said back (tests/web/components/security-review-26.test.tsx).
 */
export const unknownModule = (key: string): string => (isIdLike(key) ? moduleNotFound(key) : 'No module of this site is called that: the link is mistyped or old.');

const byAgeThenID = (a: Card, b: Card) => (a.age ?? 4) - (b.age ?? 4) || a.id - b.id;

/** The gallery for this visitor and query. */
export function buildCatalogue(definitions: Pick<GameDefinitions, 'cardDefs' | 'tributeCardDefs' | 'modules'>, isDev: boolean, query: CatalogueQuery): Catalogue {
  const visible = visibleModules(definitions.modules, isDev);
  const chosen: ModuleDef[] = [];
  for (const key of query.modules) {
    const m = visible.find((candidate) => candidate.key === key);
    if (!m) return { error: unknownModule(key) };
    if (!chosen.includes(m)) chosen.push(m);
  }

  // The core set, with the chosen modules applied in order.
  const cards = new Map(definitions.cardDefs.map((c) => [c.id, c]));
  const tributes = new Map(definitions.tributeCardDefs.map((t) => [t.id, t]));
  for (const m of chosen) {
    for (const id of m.cardsToRemove) cards.delete(id);
    for (const id of m.tributeCardsToRemove) tributes.delete(id);
    for (const card of m.replaceCore) if (cards.has(card.id)) cards.set(card.id, card);
    for (const card of m.cardDefs) cards.set(card.id, card);
    for (const tribute of m.tributeCardDefs) tributes.set(tribute.id, tribute);
  }

  const keepCard = (c: Card) => query.include.length === 0 || matchesAny(query.include, c.name);
  const keepTribute = (t: TributeCard) =>
    (query.includeTributes === null || query.includeTributes.length === 0 || matchesAny(query.includeTributes, t.name)) &&
    (query.excludeTributes === null || (query.excludeTributes.length > 0 && !matchesAny(query.excludeTributes, t.name)));

  const all = [...cards.values()].filter(keepCard).sort((a, b) => a.id - b.id);
  const basic = all.filter((c) => c.affinity === 'Basic').sort(byAgeThenID);
  const agePiles: Pile[] = ([1, 2, 3] as const).map((age) => ({ back: age, cards: basic.filter((c) => c.age === age) }));
  const sections: Section[] = [
    { id: 'leader', title: 'Leaders', piles: [{ back: null, cards: all.filter((c) => c.affinity === 'Leader') }], tributes: [] },
    {
      id: 'basic',
      title: 'Basic Cards',
      piles: [...agePiles.filter((p) => p.cards.length > 0), { back: null, cards: basic.filter((c) => c.age === null) }],
      tributes: [],
    },
    ...([1, 2, 3] as const).map((age) => ({
      id: `age-${age}`,
      title: `Age ${age}`,
      piles: [{ back: null, cards: all.filter((c) => c.age === age && c.affinity !== 'Basic' && c.affinity !== 'Leader') }],
      tributes: [],
    })),
    { id: 'tributes', title: 'Tributes', piles: [], tributes: [...tributes.values()].filter(keepTribute).sort((a, b) => a.id - b.id) },
  ];

  const coreNames = new Map([...definitions.cardDefs, ...definitions.tributeCardDefs].map((c) => [c.id, c.name]));
  for (const m of visible) {
    if (chosen.includes(m)) continue;
    const moduleCards = [...m.cardDefs, ...m.replaceCore].filter(keepCard).sort(byAgeThenID);
    sections.push({
      id: m.key,
      title: m.name,
      description: m.description,
      piles: [{ back: null, cards: moduleCards }],
      tributes: m.tributeCardDefs.filter(keepTribute),
      removes: [...m.cardsToRemove, ...m.tributeCardsToRemove].map((id) => coreNames.get(id) ?? `#${id}`),
    });
  }
  return { sections: sections.map((s) => ({ ...s, piles: s.piles.filter((p) => p.cards.length > 0) })) };
}

/** True when a section has something to show. */
export function sectionHasContent(section: Section): boolean {
  return section.piles.length > 0 || section.tributes.length > 0;
}
