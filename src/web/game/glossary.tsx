/**
 * The game's own words, explained where they are read: a term on screen ('base', a prophecy, a
 * clash result) is a small button opening a short popover, by click, tap or keyboard (a hover
 * tooltip never shows on a touch screen), and 'What the words mean' lists them all. The wording is
 * the rulebook's (docs/rules.md).
 */
import { useId, type ReactNode } from 'react';
import { Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconHelpCircle } from '@tabler/icons-react';
import classes from './glossary.module.css';

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

function Entry({ entry, heading, id }: { entry: GlossaryEntry; heading: 'h3' | 'p'; id?: string }) {
  return (
    <div>
      <Text component={heading} fw={700} size="sm" m={0} id={id}>
        {entry.term}
      </Text>
      <Text size="sm">{entry.text}</Text>
    </div>
  );
}

/**
 * `children` (the word as the screen shows it) as a button that explains `entry`. Its name keeps
 * the word first, so voice control finds it by what is written.
 */
export function GlossaryTerm({ entry, children }: { entry: GlossaryKey; children: ReactNode }) {
  const found = GLOSSARY[entry];
  const titleID = useId();
  // Focus goes into the popover and back to the word on Escape, as in any small dialog.
  return (
    <Popover width={280} position="bottom" withArrow shadow="md" zIndex={300} trapFocus returnFocus>
      <Popover.Target>
        <UnstyledButton className={classes.term} aria-label={`${typeof children === 'string' ? children : found.term}: what it means`} data-glossary={entry}>
          {children}
        </UnstyledButton>
      </Popover.Target>
      {/* Named by the entry's title, not by the word that opened it. */}
      <Popover.Dropdown aria-labelledby={titleID}>
        <Entry entry={found} heading="p" id={titleID} />
      </Popover.Dropdown>
    </Popover>
  );
}

/** A button opening every entry at once: the words a first game uses. */
export function GlossaryButton() {
  return (
    <Popover width={320} position="bottom-start" withArrow shadow="md" zIndex={300} trapFocus returnFocus>
      <Popover.Target>
        <UnstyledButton className={classes.button}>
          <IconHelpCircle size={16} stroke={1.8} aria-hidden />
          What the words mean
        </UnstyledButton>
      </Popover.Target>
      {/* Scrolls within under half the screen's height, so that it fits above or below the button
          wherever that is; reachable by the keyboard, to scroll it. */}
      <Popover.Dropdown mah="min(45vh, 420px)" style={{ overflowY: 'auto' }} tabIndex={0}>
        <Stack gap="xs">
          {Object.values(GLOSSARY).map((entry) => (
            <Entry key={entry.term} entry={entry} heading="h3" />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
