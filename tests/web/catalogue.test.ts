/**
 * The card gallery's contents (src/web/cards/catalogue.ts), without a browser: its query
 * parameters (include, includeTributes, excludeTributes, module), the errors an unknown or hidden
 * module gets, and which module sections a visitor or a developer sees, over the real card data
 * as the server gives it to each. The page draws what this returns: its drawing (sections, links
 * and labels, the search, a preview's words, the print copies) is checked in
 * components/card-gallery.test.tsx, and what needs a browser (layout, the hash's scroll, axe, hover
 * and print as shown) and a developer's real session opening the devOnly modules in cards.test.ts.
 */
import { describe, expect, test } from 'vitest';
import { GAME_DEFINITIONS } from '../../src/engine/data.js';
import { definitionsViews } from '../../src/server/services/definitions-view.js';
import { buildCatalogue, parseCatalogueQuery, sectionHasContent, wildcard, type Section } from '../../src/web/cards/catalogue.js';
import { countOf, matchingSections } from '../../src/web/cards/card-search.js';
import { cardLabel } from '../../src/web/cards/describe.js';

const VIEWS = definitionsViews(GAME_DEFINITIONS);
const { cardDefs: CARDS, tributeCardDefs: TRIBUTES, modules: MODULES } = GAME_DEFINITIONS;
const LEADERS = CARDS.filter((c) => c.affinity === 'Leader');
const ENABLED = MODULES.filter((m) => m.state === 'enabled');
const DEV_ONLY = MODULES.filter((m) => m.state === 'devOnly');
const DISABLED = MODULES.filter((m) => m.state === 'disabled');
const CORE = ['leader', 'basic', 'age-1', 'age-2', 'age-3', 'tributes'];

/** The sections the page shows at this query string, as the server's view for this visitor gives them. */
function shown(query: string, isDev = false): Section[] | string {
  const catalogue = buildCatalogue(VIEWS(isDev), isDev, parseCatalogueQuery(new URLSearchParams(query)));
  return 'error' in catalogue ? catalogue.error : catalogue.sections.filter(sectionHasContent);
}

function sections(query: string, isDev = false): Section[] {
  const result = shown(query, isDev);
  if (typeof result === 'string') throw new Error(`${query}: ${result}`);
  return result;
}

const ids = (list: Section[], id: string) => list.find((s) => s.id === id)?.piles.flatMap((p) => p.cards.map((c) => c.id)) ?? [];
const tributeIDs = (list: Section[]) => list.find((s) => s.id === 'tributes')?.tributes.map((t) => t.id) ?? [];
const cardNames = (list: Section[]) => list.flatMap((s) => s.piles.flatMap((p) => p.cards.map((c) => c.name)));

describe('the card gallery’s contents', () => {
  test('with no query: the core sections, then each enabled module; no disabled or devOnly one', () => {
    const all = sections('');
    expect(all.map((s) => s.id)).toEqual([...CORE, ...ENABLED.map((m) => m.key)]);
    expect(all.map((s) => s.title).slice(0, CORE.length)).toEqual(['Leaders', 'Basic Cards', 'Age 1', 'Age 2', 'Age 3', 'Tributes']);
    expect(ids(all, 'leader')).toEqual(LEADERS.map((c) => c.id));
    expect(tributeIDs(all)).toEqual(TRIBUTES.map((t) => t.id));
    for (const m of [...DEV_ONLY, ...DISABLED]) expect(all.map((s) => s.id)).not.toContain(m.key);
  });

  test('include keeps the cards whose names match, with * wildcards and any case', () => {
    const matched = sections('?include=village*&include=FARMSTEAD');
    const expected = [...CARDS.filter((c) => /^village/i.test(c.name) || c.name.toLowerCase() === 'farmstead'), ...ENABLED.flatMap((m) => m.cardDefs.filter((c) => /^village/i.test(c.name)))];
    expect(expected.length).toBeGreaterThan(1);
    expect(cardNames(matched).toSorted()).toEqual(expected.map((c) => c.name).toSorted());
    // Sections left empty are gone (and with them their links, drawn from this list).
    expect(matched.map((s) => s.id)).not.toContain('age-2');
    // Tributes are not cards: include leaves them alone.
    expect(tributeIDs(matched)).toEqual(TRIBUTES.map((t) => t.id));

    const withOf = cardNames(sections('?include=*of*'));
    expect(withOf.length).toBeGreaterThan(0);
    for (const name of withOf) expect(name.toLowerCase()).toContain('of');
    // A pattern is the whole name, and its other characters are only characters.
    expect(wildcard('vill')('Village')).toBe(false);
    expect(wildcard('a.c')('abc')).toBe(false);
    expect(wildcard('*')('Anything at all')).toBe(true);
  });

  test('includeTributes and excludeTributes choose the tributes', () => {
    const offering = TRIBUTES.filter((t) => /^offering/i.test(t.name));
    expect(offering.length).toBeGreaterThan(0);
    const included = sections('?includeTributes=Offering*');
    expect(tributeIDs(included)).toEqual(offering.map((t) => t.id));
    expect(ids(included, 'leader')).toEqual(LEADERS.map((c) => c.id));

    expect(tributeIDs(sections('?excludeTributes=Offering*'))).toEqual(TRIBUTES.filter((t) => !offering.includes(t)).map((t) => t.id));

    // With no pattern (or true, 1, *): every tribute is dropped, their section and its link too.
    for (const flag of ['', '=true', '=1', '=*']) {
      const none = sections(`?excludeTributes${flag}`);
      expect(none.map((s) => s.id)).not.toContain('tributes');
      expect(ids(none, 'leader')).toEqual(LEADERS.map((c) => c.id));
    }
    expect(tributeIDs(sections('?includeTributes'))).toEqual(TRIBUTES.map((t) => t.id));
  });

  test('module shows the card set with that module applied; an unknown or hidden one is an error', () => {
    const alt = ENABLED[0]!;
    const applied = sections(`?module=${alt.key}`);
    const leaders = LEADERS.filter((c) => !alt.cardsToRemove.includes(c.id));
    const added = alt.cardDefs.filter((c) => c.affinity === 'Leader');
    expect(ids(applied, 'leader')).toEqual([...leaders, ...added].map((c) => c.id).sort((a, b) => a - b));
    // Applied to the core sections, so it has no section of its own.
    expect(applied.map((s) => s.id)).not.toContain(alt.key);

    expect(shown('?module=nosuchmodule')).toBe('Module nosuchmodule not found');
    // Disabled and devOnly modules are unknown to a visitor who is not a developer.
    expect(DEV_ONLY.length).toBeGreaterThan(0);
    for (const m of [...DISABLED, ...DEV_ONLY]) expect(shown(`?module=${m.key}`)).toBe(`Module ${m.key} not found`);
    for (const m of DISABLED) expect(shown(`?module=${m.key}`, true)).toBe(`Module ${m.key} not found`);
  });

  test('devOnly modules are sections for developers, with their cards; applied without an error', () => {
    const dev = sections('', true);
    expect(dev.map((s) => s.id)).toEqual([...CORE, ...MODULES.filter((m) => m.state === 'enabled' || m.state === 'devOnly').map((m) => m.key)]);
    for (const m of DEV_ONLY) expect(ids(dev, m.key).toSorted()).toEqual([...m.cardDefs, ...m.replaceCore].map((c) => c.id).toSorted());
    const applied = sections(`?module=${DEV_ONLY[0]!.key}`, true);
    expect(ids(applied, 'leader')).toEqual(LEADERS.map((c) => c.id));
    // Applied: a core card it replaces stands in its core section as the module has it.
    const replaced = DEV_ONLY[0]!.replaceCore[0]!;
    const inCore = (list: Section[]) => list.filter((s) => CORE.includes(s.id)).flatMap((s) => s.piles.flatMap((p) => p.cards)).filter((c) => c.id === replaced.id);
    expect(inCore(dev).map(cardLabel)).toEqual([cardLabel(CARDS.find((c) => c.id === replaced.id)!)]);
    expect(inCore(applied).map(cardLabel)).toEqual([cardLabel(replaced)]);
    expect(cardLabel(replaced)).not.toBe(inCore(dev).map(cardLabel)[0]);
  });
});

describe('the gallery’s search box', () => {
  const all = sections('');
  const names = (list: Section[]) => list.flatMap((s) => [...s.piles.flatMap((p) => p.cards.map((c) => c.name)), ...s.tributes.map((t) => t.name)]);

  test('keeps the cards whose every word is in what they say, in any case and order, dropping piles and sections left empty', () => {
    const zeonaUnits = CARDS.filter((c) => c.affinity === 'Zeona' && c.type === 'Unit' && c.age !== null);
    expect(zeonaUnits.length).toBeGreaterThan(1);
    const found = matchingSections(all, '  UNIT   zeona ');
    // Every Zeona unit, and the cards whose abilities name Zeona units (a card that gains one).
    expect(cardNames(found)).toEqual(expect.arrayContaining(zeonaUnits.map((c) => c.name)));
    const others = found.flatMap((s) => s.piles.flatMap((p) => p.cards)).filter((c) => !zeonaUnits.includes(c));
    expect(others.length).toBeLessThan(zeonaUnits.length);
    for (const c of others) expect(cardLabel(c).toLowerCase()).toMatch(/zeona/);
    for (const c of others) expect(cardLabel(c).toLowerCase()).toMatch(/unit/);
    expect(found.every((s) => s.piles.every((p) => p.cards.length > 0) && s.piles.length + s.tributes.length > 0)).toBe(true);
    expect(found.map((s) => s.id)).toEqual(all.map((s) => s.id).filter((id) => found.some((f) => f.id === id)));
    // A card by its name, and by its abilities' words.
    const card = CARDS.find((c) => c.affinity !== 'Leader' && c.affinity !== 'Basic')!;
    expect(names(matchingSections(all, card.name.toLowerCase()))).toContain(card.name);
    expect(countOf(matchingSections(all, 'reroll'))).toBeGreaterThan(0);
    expect(countOf(matchingSections(all, 'reroll'))).toBeLessThan(countOf(all));
    // Tributes by their objective's words.
    const tribute = TRIBUTES[0]!;
    expect(names(matchingSections(all, tribute.name))).toEqual([tribute.name]);
  });

  test('an empty or blank search keeps everything; one nothing matches keeps nothing', () => {
    expect(matchingSections(all, '')).toEqual(all);
    expect(matchingSections(all, '   ')).toEqual(all);
    expect(countOf(all)).toBe(cardNames(all).length + tributeIDs(all).length);
    expect(matchingSections(all, 'zeona nosuchword')).toEqual([]);
  });
});
