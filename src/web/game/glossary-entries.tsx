/**
 * The glossary's entries (see glossary.tsx), in the rulebook's words (docs/rules.md), and how one is
 * written in a popover or the list.
 */
import { Text } from '@mantine/core';

export interface GlossaryEntry {
  /** What the entry is called in its popover and in the list. */
  term: string;
  text: string;
}

export const GLOSSARY = {
  base: {
    term: 'Base gold and base military',
    text: 'Given for good by some cards (the Town, the Fort), not once a turn, and never spent. Base gold comes off the gold cost of every card you gain; base military is free military in every bid.',
  },
  prophecy: {
    term: 'Prophecy (end-of-game bonus)',
    text: 'A card ability that pays favor once, when the game ends, counting what you hold then. Until then it scores nothing: the dots on a card show what it would pay now.',
  },
  clash: {
    term: 'Clash results: W+, W-, L+, L-',
    text: 'W won the clash, L lost it. + means that player bid more than everyone else in the clash, - that someone bid more. No sign: tied for the highest bid.',
  },
  tribute: {
    term: 'Tributes',
    text: 'Goals shared by everyone, three open at a time. In each turn’s tribute phase every player who meets one earns its tokens, 3 favor each: often the largest part of a game’s favor.',
  },
} as const satisfies Record<string, GlossaryEntry>;

export type GlossaryKey = keyof typeof GLOSSARY;

export function Entry({ entry, heading, id }: { entry: GlossaryEntry; heading: 'h3' | 'p'; id?: string }) {
  return (
    <div>
      <Text component={heading} fw={700} size="sm" m={0} id={id}>
        {entry.term}
      </Text>
      <Text size="sm">{entry.text}</Text>
    </div>
  );
}
