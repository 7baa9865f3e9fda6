/**
 * The card gallery's search box: the sections as they are, keeping only the cards and tributes
 * whose every word of the search is in what a screen reader says for them (name, affinity, type,
 * age, cost and abilities, as cardLabel and tributeLabel put them). "zeona unit", "reroll",
 * "age 2 building" all find what they say. Pure, like the catalogue it narrows.
 */
import { cardLabel, tributeLabel } from './describe.js';
import type { Section } from './catalogue.js';

/** The search's words, lower case; none for an empty or blank search. */
export function searchWords(text: string): string[] {
  return text.toLowerCase().split(/\s+/).filter(Boolean);
}

/** The sections with only what matches every word; a pile or section left empty is dropped. */
export function matchingSections(sections: readonly Section[], text: string): Section[] {
  const words = searchWords(text);
  if (words.length === 0) return [...sections];
  const matches = (label: string) => {
    const lower = label.toLowerCase();
    return words.every((word) => lower.includes(word));
  };
  return sections
    .map((section) => ({
      ...section,
      piles: section.piles.map((pile) => ({ ...pile, cards: pile.cards.filter((card) => matches(cardLabel(card))) })).filter((pile) => pile.cards.length > 0),
      tributes: section.tributes.filter((tribute) => matches(tributeLabel(tribute))),
    }))
    .filter((section) => section.piles.length > 0 || section.tributes.length > 0);
}

/** How many cards and tributes the sections hold. */
export function countOf(sections: readonly Section[]): number {
  return sections.reduce((n, s) => n + s.piles.reduce((m, p) => m + p.cards.length, 0) + s.tributes.length, 0);
}
