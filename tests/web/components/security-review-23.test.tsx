/**
 * The twenty-third security review, in the web client: what a page does with text someone else
 * wrote, looked at for work that grows far faster than the text.
 *
 * - The card gallery's name patterns (`/all-cards?include=...`, `includeTributes`,
 *   `excludeTributes`: `*` stands for anything) were matched as regular expressions, each `*` a
 *   `.*`, and a pattern of a few stars backtracked through every way of sharing a name among
 *   them: `/all-cards?include=**********!`, a link anyone may send, held the page for 6 s before
 *   it drew anything, and each star more made it some ten times longer.
 */
import { cleanup } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { GAME_DEFINITIONS } from '../../../src/engine/data.js';
import { wildcard } from '../../../src/web/cards/catalogue.js';
import { idsIn, openGallery } from '../support/gallery-page.js';

vi.mock('../../../src/web/lib/trpc.js', async () => ({ trpc: (await import('../support/trpc-stub.js')).trpcStub }));

afterEach(cleanup);

const { cardDefs: CARDS, tributeCardDefs: TRIBUTES } = GAME_DEFINITIONS;

test("the gallery shows what a link's name patterns match, stars and case as written, beside a pattern of ten stars", () => {
  const leader = CARDS.find((c) => c.affinity === 'Leader')!;
  const tribute = TRIBUTES[0]!;
  // Beside the stars, patterns that still match with a star and in any case.
  const stars = '**********!';
  const address = `/all-cards?${new URLSearchParams([
    ['include', stars],
    ['include', `${leader.name.slice(0, 3).toLowerCase()}*${leader.name.slice(-2).toUpperCase()}`],
    ['includeTributes', stars],
    ['includeTributes', `*${tribute.name.slice(1).toUpperCase()}`],
  ])}`;
  openGallery('anonymous', address);
  expect(idsIn('leader')).toEqual(CARDS.filter((c) => c.affinity === 'Leader' && c.name.toLowerCase().startsWith(leader.name.slice(0, 3).toLowerCase()) && c.name.endsWith(leader.name.slice(-2))).map((c) => c.id));
  expect(idsIn('tributes', 'data-tribute-id')).toEqual(TRIBUTES.filter((t) => t.name.slice(1).toLowerCase() === tribute.name.slice(1).toLowerCase()).map((t) => t.id));
});

test('a name pattern is matched in time linear in it: ten stars against every name cost what their characters do', () => {
  const names = [...CARDS, ...TRIBUTES].map((c) => c.name);
  const matches = wildcard('**********!');
  // Timed alone, without the page's drawing, so that a loaded machine's rendering cannot reach
  // the bound: the old matcher took 6 s here, this one about a millisecond.
  const started = performance.now();
  const matched = names.filter(matches);
  const took = performance.now() - started;
  expect(matched).toEqual(names.filter((name) => name.trim().endsWith('!')));
  expect(took).toBeLessThan(2_000);
});
