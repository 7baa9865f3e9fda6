/**
 * A card's face says what it does at every size: a card with no abilities (its printed favor is
 * all it gives) says "No abilities" in its body, on the gallery's full-size card and on a phone's
 * table card (96 px, the compact face), whose body was left empty and read as a card not drawn.
 */
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { GAME_DEFINITIONS } from '../../../src/engine/data.js';
import { CardFace } from '../../../src/web/cards/card-face.js';

afterEach(cleanup);

const VANILLA = GAME_DEFINITIONS.cardDefs.filter((card) => card.abilities.length === 0);
const ONE_ABILITY = GAME_DEFINITIONS.cardDefs.find((card) => card.abilities.length === 1 && card.flavor)!;

/** The words drawn on the face's body (its abilities' place), and its flavor line if drawn. */
function bodyOf(width: number, card: (typeof VANILLA)[number]): { body: string; flavor: boolean } {
  const { container } = render(<CardFace card={card} width={width} />);
  const face = container.querySelector('[data-card="face"]')!;
  const texts = [...face.querySelectorAll('[aria-hidden="true"] div')].map((element) => element.textContent ?? '');
  return { body: texts.includes('No abilities') ? 'No abilities' : '', flavor: card.flavor !== undefined && texts.includes(card.flavor) };
}

describe('a card with no abilities', () => {
  test('the data has some: the favor cards of every age and the basic buildings', () => {
    expect(VANILLA.map((card) => card.name)).toEqual(expect.arrayContaining(['Ancient Ruins', 'Wayside Shrine', 'Titan-Slayers']));
  });

  for (const width of [140, 96]) {
    test(`says "No abilities" on its face ${width} px wide`, () => {
      for (const card of VANILLA) {
        expect(bodyOf(width, card).body, card.name).toBe('No abilities');
        cleanup();
      }
    });
  }

  test('the compact face keeps its flavor out, as for every card; the full-size face shows it', () => {
    const ruins = VANILLA.find((card) => card.name === 'Ancient Ruins')!;
    expect(bodyOf(140, ruins).flavor).toBe(true);
    cleanup();
    expect(bodyOf(96, ruins).flavor).toBe(false);
    cleanup();
    expect(bodyOf(96, ONE_ABILITY).flavor).toBe(false);
    expect(bodyOf(96, ONE_ABILITY).body).toBe('');
  });
});
