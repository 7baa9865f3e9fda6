/**
 * The card language's icons are drawn from one sprite in the page (src/web/cards/icons.tsx): every
 * icon of every card face is an `<svg>` holding only its title and a `<use>` of a symbol, and every
 * symbol it names is in the page, drawn, once. The sprite is hidden from screen readers; an icon with
 * a title is still an image by that name.
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { GAME_DEFINITIONS } from '../../../src/engine/data.js';
import { AFFINITIES, type CountedThing } from '../../../src/engine/types.js';
import { CardFace } from '../../../src/web/cards/card-face.js';
import { AffinityIcon, CountedIcon, RESOURCE_LABELS, ResourceIcon } from '../../../src/web/cards/icons.js';
import { TributeFace } from '../../../src/web/cards/tribute-face.js';
import { theme } from '../../../src/web/theme.js';

afterEach(cleanup);

const COUNTED: CountedThing[] = ['Derion', 'Tyros', 'Zeona', 'Building', 'Unit', 'Event', 'War', 'card_set'];

/** The icons drawn in `root`: every `<svg>` but the sprite's own. */
const iconsIn = (root: ParentNode) => [...root.querySelectorAll('svg')].filter((svg) => !svg.closest('[data-icon-sprite]'));

/** The symbol an icon uses, checked to be one of the sprite's and drawn. */
function symbolOf(icon: SVGSVGElement): Element {
  const uses = icon.querySelectorAll('use');
  expect(uses).toHaveLength(1);
  const id = uses[0]!.getAttribute('href')!.replace(/^#/, '');
  const symbol = document.getElementById(id);
  expect(symbol?.tagName.toLowerCase(), `#${id}`).toBe('symbol');
  expect(symbol!.closest('[data-icon-sprite]')).not.toBeNull();
  expect(symbol!.children.length, `#${id} draws something`).toBeGreaterThan(0);
  return symbol!;
}

test('the sprite is in the page once, hidden from screen readers, each symbol with its own id', () => {
  const sprites = document.querySelectorAll('[data-icon-sprite]');
  expect(sprites).toHaveLength(1);
  expect(sprites[0]!.querySelector(':scope > svg')!.getAttribute('aria-hidden')).toBe('true');
  const ids = [...sprites[0]!.querySelectorAll('symbol')].map((symbol) => symbol.id);
  expect(new Set(ids).size).toBe(ids.length);
});

test("every card face's and tribute's icons hold only a title and a use of a drawn symbol", () => {
  const { container } = render(
    <MantineProvider theme={theme}>
      {GAME_DEFINITIONS.cardDefs.map((card) => (
        <CardFace key={card.id} card={card} />
      ))}
      {GAME_DEFINITIONS.tributeCardDefs.map((tribute) => (
        <TributeFace key={tribute.id} tribute={tribute} />
      ))}
    </MantineProvider>,
  );
  const icons = iconsIn(container);
  expect(icons.length).toBeGreaterThan(GAME_DEFINITIONS.cardDefs.length);
  const used = new Set<string>();
  for (const icon of icons) {
    if (icon.querySelector('use') === null) continue; // The card back's and a god's art are drawn whole.
    expect([...icon.children].map((child) => child.tagName.toLowerCase()).filter((tag) => tag !== 'title')).toEqual(['use']);
    used.add(symbolOf(icon).id);
  }
  expect(used.size).toBeGreaterThan(10);
});

test('each resource, affinity and counted thing has its own symbol', () => {
  const { container } = render(
    <>
      {Object.keys(RESOURCE_LABELS).map((resource) => (
        <ResourceIcon key={resource} resource={resource as keyof typeof RESOURCE_LABELS} />
      ))}
      {AFFINITIES.map((affinity) => (
        <AffinityIcon key={affinity} affinity={affinity} />
      ))}
      {COUNTED.map((thing) => (
        <CountedIcon key={thing} thing={thing} />
      ))}
    </>,
  );
  const symbols = iconsIn(container).map((icon) => symbolOf(icon).id);
  const resources = Object.keys(RESOURCE_LABELS).length;
  expect(new Set(symbols.slice(0, resources)).size).toBe(resources);
  expect(new Set(symbols.slice(resources, resources + AFFINITIES.length)).size).toBe(AFFINITIES.length);
  // A deity counted is its affinity's mark; a war counted is the Clash token's.
  expect(new Set(symbols.slice(resources + AFFINITIES.length)).size).toBe(COUNTED.length);
});

test('an icon with a title is an image by that name; one without is hidden', () => {
  render(
    <>
      <ResourceIcon resource="favor" title="favor" />
      <ResourceIcon resource="gold" />
    </>,
  );
  expect(screen.getByRole('img', { name: 'favor' })).toBeTruthy();
  expect(screen.queryAllByRole('img')).toHaveLength(1);
});
