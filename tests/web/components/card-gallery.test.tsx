/**
 * The card gallery's page (/all-cards) as it draws the data files' cards: the link bar and the
 * sections, the cards of each in order, the basic piles each under its card back, the words read
 * out for a card, the touch screen's hint, the search box, the devOnly modules a developer alone
 * sees, a card's preview and its words, and the copies drawn for print. What each query keeps is
 * the catalogue's (catalogue.test.ts); what needs a real browser (layout, the hash's scroll, what
 * print shows, axe, screenshots) and a real session is cards.test.ts's.
 */
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import type { Card } from '../../../src/engine/cards/definitions.js';
import { GAME_DEFINITIONS } from '../../../src/engine/data.js';
import { cardLabel } from '../../../src/web/cards/describe.js';
import { idsIn, openGallery } from '../support/gallery-page.js';
import { shownAddress } from '../support/shown-path.js';

vi.mock('../../../src/web/lib/trpc.js', async () => ({ trpc: (await import('../support/trpc-stub.js')).trpcStub }));

const { cardDefs: CARDS, tributeCardDefs: TRIBUTES, modules: MODULES } = GAME_DEFINITIONS;
const LEADERS = CARDS.filter((c) => c.affinity === 'Leader');
const BASIC = CARDS.filter((c) => c.affinity === 'Basic');
const ageCards = (age: number) => CARDS.filter((c) => c.age === age && c.affinity !== 'Basic' && c.affinity !== 'Leader');
const ENABLED = MODULES.filter((m) => m.state === 'enabled');
const DEV_ONLY = MODULES.filter((m) => m.state === 'devOnly');
const CORE_ANCHORS = ['leader', 'basic', 'age-1', 'age-2', 'age-3', 'tributes'];

/**
 * The screen the page is shown on: whether its pointer can hover (a mouse) or not (a phone), and
 * whether it is printed; `print` tells the page's listeners that printing started or ended.
 */
const media = { hovers: true, printing: false };
const printListeners = new Set<() => void>();
function stubScreen(): void {
  vi.stubGlobal('matchMedia', (query: string) => {
    const matches = () => (query === 'print' ? media.printing : query === '(hover: hover)' ? media.hovers : query === '(hover: none)' ? !media.hovers : false);
    const listeners = query === 'print' ? printListeners : new Set<() => void>();
    return {
      media: query,
      get matches() {
        return matches();
      },
      onchange: null,
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
      addListener: (listener: () => void) => listeners.add(listener),
      removeListener: (listener: () => void) => listeners.delete(listener),
      dispatchEvent: () => true,
    };
  });
}
function print(printing: boolean): void {
  media.printing = printing;
  act(() => {
    for (const listener of printListeners) listener();
  });
}

// Before the file's first drawing, and again before each test: the file's project undoes every
// stubbed global after each test (vitest.config.ts).
beforeAll(stubScreen);
beforeEach(() => {
  stubScreen();
  media.hovers = true;
  media.printing = false;
});

/** The cards and tributes drawn (print copies aside). */
const drawnCards = () => document.querySelectorAll('[data-gallery-grid] [data-preview-anchor] [data-card]');
const searchBox = () => screen.getByRole('searchbox', { name: 'Find a card' });
const typeSearch = (text: string) => act(() => fireEvent.change(searchBox(), { target: { value: text } }));
/** The gallery's address with only the cards of these names. */
const only = (names: readonly string[], query: Record<string, string> = {}) => `/all-cards?${new URLSearchParams([...Object.entries(query), ...names.map((name) => ['include', name])])}`;

/**
 * The whole gallery, drawn once for the tests that read it (a few hundred card faces take a second
 * or more to draw here): the tests read it, and put away the preview they show.
 */
describe('the whole gallery, to a visitor', () => {
  beforeAll(() => openGallery('anonymous'));
  afterAll(cleanup);

  test('the link bar, the sections and their cards in order, as the data files give them', () => {
    const links = Array.from(screen.getByRole('navigation', { name: 'Card sections' }).querySelectorAll('a'), (a) => a.getAttribute('href'));
    expect(links).toEqual([...CORE_ANCHORS, ...ENABLED.map((m) => m.key)].map((id) => `#${id}`));
    const headings = Array.from(document.querySelectorAll('[data-gallery-section] h2'), (h) => h.textContent);
    expect(headings).toEqual(['Leaders', 'Basic Cards', 'Age 1', 'Age 2', 'Age 3', 'Tributes', ...ENABLED.map((m) => m.name)]);
    // No disabled module, and no devOnly one: those are a developer's.
    expect(DEV_ONLY.length).toBeGreaterThan(0);
    for (const m of MODULES.filter((m) => m.state !== 'enabled')) expect(document.getElementById(m.key)).toBeNull();

    expect(idsIn('leader')).toEqual(LEADERS.map((c) => c.id));
    for (const age of [1, 2, 3]) expect(idsIn(`age-${age}`)).toEqual(ageCards(age).map((c) => c.id));
    expect(idsIn('tributes', 'data-tribute-id')).toEqual(TRIBUTES.map((t) => t.id));
    // What printing gives, said as printing's: "Prints 5 copies" alone puzzled a player on screen.
    expect(document.getElementById('leader')!.textContent).toContain('Printing this page gives 5 copies of each leader.');
    expect(document.getElementById('basic')!.textContent).toContain('Printing this page gives 6 copies of each basic card.');
  });

  test('basic cards: age 1, 2, 3, then the ageless ones, each age pile starting with its card back', () => {
    const basicOrder = [1, 2, 3, null].flatMap((age) => BASIC.filter((c) => c.age === age).map((c) => c.id));
    expect(idsIn('basic')).toEqual(basicOrder);
    for (const age of [1, 2, 3]) {
      const first = document.querySelector(`#basic [data-pile="${age}"] [data-gallery-grid] > *`)!;
      const back = first.querySelector('[data-card-back]')!;
      expect(back.getAttribute('data-card-back')).toBe(String(age));
      expect(back.getAttribute('role')).toBe('img');
      expect(back.getAttribute('aria-label')).toBe(`Card back, age ${age}`);
    }
  });

  test('every card reads out for screen readers: name, kind, cost, then printed favor and abilities', () => {
    const label = document.querySelector('#age-1 [data-preview-anchor] [data-card="face"]')!.getAttribute('aria-label');
    // Printed favor ("2 favor when gained") is left out at 0.
    expect(label).toMatch(/^.+\. .+\. Cost \d+ gold[^.]*\. .+\.$/);
    expect(label).not.toMatch(/\. 0 favor/);
  });

  test('a mouse’s screen is given no word on touching and holding', () => {
    screen.getByRole('navigation', { name: 'Card sections' });
    expect(screen.queryByText('Touch and hold a card to read it large.')).toBeNull();
  });

  describe('a card read large', () => {
    const anchorOf = (card: Element) => card.closest('[data-preview-anchor]')!;

    test('hovering a card shows it 2.5 times wider, with what it does in words under it: its label’s rules after name and kind', () => {
      const card = document.querySelector('#age-1 [data-preview-anchor] [data-card="face"]')!;
      act(() => fireEvent.pointerEnter(anchorOf(card), { pointerType: 'mouse' }));
      const preview = screen.getByTestId('card-preview');
      const big = preview.querySelector<HTMLElement>('[data-card="face"]')!;
      expect(big.getAttribute('data-card-id')).toBe(card.getAttribute('data-card-id'));
      expect(big.style.getPropertyValue('--card-w')).toBe('350px');
      const rules = card.getAttribute('aria-label')!.slice(0, -1).split('. ').slice(2);
      expect(rules[0]).toMatch(/^Cost \d+ gold/);
      expect(Array.from(preview.querySelectorAll('li'), (li) => li.textContent)).toEqual(rules);
      act(() => fireEvent.pointerLeave(anchorOf(card)));
      expect(screen.queryByTestId('card-preview')).toBeNull();
    });

    test('hovering a tribute shows the tribute, with its three sentences', () => {
      const tribute = document.querySelector('#tributes [data-preview-anchor] [data-card="tribute"]')!;
      act(() => fireEvent.pointerEnter(anchorOf(tribute), { pointerType: 'mouse' }));
      const preview = screen.getByTestId('card-preview');
      expect(preview.querySelectorAll('[data-card="tribute"]')).toHaveLength(1);
      expect(preview.querySelectorAll('li')).toHaveLength(3);
      act(() => fireEvent.pointerLeave(anchorOf(tribute)));
    });
  });
});

describe('a few of the cards', () => {
  afterEach(cleanup);

  test('the search box narrows the gallery to the cards that say every word, says how many, and one click shows them all again', () => {
    // The cards of age 1 alone (each key typed draws the gallery again: the whole one takes seconds here).
    const AGE_1 = CARDS.filter((c) => c.age === 1);
    const address = only(AGE_1.map((c) => c.name), { excludeTributes: '' });
    openGallery('anonymous', address);
    const every = drawnCards().length;
    expect(every).toBe(AGE_1.length);
    const zeonaUnits = AGE_1.filter((c) => c.affinity === 'Zeona' && c.type === 'Unit');
    expect(zeonaUnits.length).toBeGreaterThan(1);
    typeSearch('zeona unit');
    const shown = drawnCards().length;
    expect(shown).toBeLessThan(every);
    expect(screen.getByTestId('card-matches').textContent).toBe(`${shown} cards match “zeona unit” of ${every}. Show every card`);
    const names = Array.from(drawnCards(), (e) => e.getAttribute('aria-label')!.split('. ')[0]);
    expect(names).toEqual(expect.arrayContaining(zeonaUnits.map((c) => c.name)));
    expect(shownAddress()).toBe(`${address}&q=zeona+unit`);

    typeSearch('no such card anywhere');
    expect(screen.getByText('No card matches.')).toBeTruthy();
    expect(drawnCards()).toHaveLength(0);
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Show every card' })));
    expect(drawnCards()).toHaveLength(every);
    expect((searchBox() as HTMLInputElement).value).toBe('');
    expect(shownAddress()).toBe(address);
  });

  test('printed, each leader is drawn 5 times, each basic card 6 times and every other card and tribute once; on screen again, once', () => {
    // A card of each kind in each section, and a tribute: the copies are drawn card by card (each
    // one a whole face: the whole gallery's take seconds here).
    const first = (cards: readonly Card[], leader: boolean) => cards.filter((c) => (c.affinity === 'Leader') === leader).slice(0, 1);
    const ages = [1, 2, 3].map((age) => ageCards(age)[0]!);
    const modules = ENABLED.map((m) => ({ key: m.key, leaders: first(m.cardDefs, true), others: first([...m.cardDefs, ...m.replaceCore], false) }));
    const chosen = [LEADERS[0]!, BASIC[0]!, ...ages, ...modules.flatMap((m) => [...m.leaders, ...m.others])];
    openGallery('anonymous', only(chosen.map((c) => c.name), { includeTributes: TRIBUTES[0]!.name }));
    const drawn = (selector: string) => document.querySelectorAll(selector).length;
    expect(drawn('#leader [data-card="face"]')).toBe(1);
    print(true);
    expect(drawn('#leader [data-card="face"]')).toBe(5);
    expect(drawn('#basic [data-card="face"]')).toBe(6);
    for (const age of [1, 2, 3]) expect(drawn(`#age-${age} [data-card="face"]`)).toBe(1);
    expect(drawn('#tributes [data-card="tribute"]')).toBe(1);
    for (const m of modules) expect(drawn(`#${m.key} [data-card="face"]`)).toBe(m.leaders.length * 5 + m.others.length);
    print(false);
    expect(drawn('#leader [data-card="face"]')).toBe(1);
    expect(drawn('#basic [data-card="face"]')).toBe(1);
  });

  test('a touch screen is told how to read a card large (a tap does nothing here)', () => {
    media.hovers = false;
    openGallery('anonymous', only(['Village*']));
    expect(screen.getByText('Touch and hold a card to read it large.')).toBeTruthy();
  });

  describe('devOnly modules', () => {
    const devOnly = DEV_ONLY[0]!;
    const devCards = [...devOnly.cardDefs, ...devOnly.replaceCore];

    test('a player who is not a developer sees no section and no link for one, even for its cards’ names', () => {
      openGallery('player', only(devCards.map((c) => c.name)));
      screen.getByRole('navigation', { name: 'Card sections' });
      expect(document.getElementById(devOnly.key)).toBeNull();
      expect(document.querySelector(`nav[aria-label="Card sections"] a[href="#${devOnly.key}"]`)).toBeNull();
    });

    test('asked for by name by a player, one is not found, and the whole gallery is a link away', () => {
      openGallery('player', `/all-cards?module=${devOnly.key}`);
      expect(screen.getByRole('alert').textContent).toBe(`Module ${devOnly.key} not found`);
      expect(screen.queryByRole('navigation', { name: 'Card sections' })).toBeNull();
      expect(screen.getByRole('link', { name: 'See all the cards' }).getAttribute('href')).toBe('/all-cards');
    });

    test('a developer sees each as a section with its link and its cards', () => {
      openGallery('developer', only(DEV_ONLY.flatMap((m) => [...m.cardDefs, ...m.replaceCore].map((c) => c.name))));
      for (const m of DEV_ONLY) {
        expect(document.getElementById(m.key)).not.toBeNull();
        expect(document.querySelectorAll(`nav[aria-label="Card sections"] a[href="#${m.key}"]`)).toHaveLength(1);
        expect(idsIn(m.key).toSorted()).toEqual([...m.cardDefs, ...m.replaceCore].map((c) => c.id).toSorted());
      }
    });

    test('asked for by name by a developer, one applies with no error', () => {
      openGallery('developer', only(LEADERS.map((c) => c.name), { module: devOnly.key }));
      expect(screen.queryByRole('alert')).toBeNull();
      expect(idsIn('leader')).toEqual(LEADERS.map((c) => c.id));
      expect(document.getElementById(devOnly.key)).toBeNull();
      cleanup();
      // Applied: a core card it replaces is drawn as the module has it, in the core's section.
      const replaced = devOnly.replaceCore[0]!;
      const core = CARDS.find((c) => c.id === replaced.id)!;
      expect(cardLabel(replaced)).not.toBe(cardLabel(core));
      openGallery('developer', only([core.name], { module: devOnly.key }));
      expect(screen.queryByRole('alert')).toBeNull();
      expect(document.querySelector(`#age-${core.age} [data-preview-anchor] [data-card-id="${core.id}"]`)!.getAttribute('aria-label')).toBe(cardLabel(replaced));
    });
  });
});
