/**
 * The game's own words, explained where they are read: a term on screen ('base', a prophecy, a
 * clash result) is a small button opening a short popover, by click, tap or keyboard (a hover
 * tooltip never shows on a touch screen), and 'What the words mean' lists them all. The wording is
 * the rulebook's (docs/rules.md). The popovers themselves (glossary-popover.tsx) load when a word
 * is first pointed at, focused or clicked.
 */
import { useState, type ReactNode } from 'react';
import { UnstyledButton } from '@mantine/core';
import { IconHelpCircle } from '@tabler/icons-react';
import { onDemand } from '../lib/on-demand.js';
import { GLOSSARY, type GlossaryKey } from './glossary-entries.js';
import classes from './glossary.module.css';

export { GLOSSARY, type GlossaryEntry, type GlossaryKey } from './glossary-entries.js';

/** The popovers, with floating-ui: loaded when a word is first pointed at, focused or clicked. */
const popovers = onDemand(() => import('./glossary-popover.js'));

/**
 * What the plain button (drawn until the popovers arrive) hands over to its popover version: a click
 * opens it once loaded, and the keyboard's focus stays on the word.
 */
function usePlainButton() {
  const loaded = popovers.use();
  const [opened, setOpened] = useState(false);
  const [focused, setFocused] = useState(false);
  const handlers = {
    onPointerEnter: popovers.load,
    onFocus: () => {
      setFocused(true);
      popovers.load();
    },
    onBlur: () => setFocused(false),
    onClick: () => {
      setOpened(true);
      popovers.load();
    },
  };
  return { loaded, handover: { opened, focused }, handlers };
}

/**
 * `children` (the word as the screen shows it) as a button that explains `entry`. Its name keeps
 * the word first, so voice control finds it by what is written.
 */
export function GlossaryTerm({ entry, children }: { entry: GlossaryKey; children: ReactNode }) {
  const { loaded, handover, handlers } = usePlainButton();
  const label = `${typeof children === 'string' ? children : GLOSSARY[entry].term}: what it means`;
  if (loaded) {
    return (
      <loaded.TermPopover entry={entry} label={label} handover={handover}>
        {children}
      </loaded.TermPopover>
    );
  }
  return (
    <UnstyledButton className={classes.term} aria-label={label} data-glossary={entry} aria-haspopup="dialog" aria-expanded={false} {...handlers}>
      {children}
    </UnstyledButton>
  );
}

/** A button opening every entry at once: the words a first game uses. */
export function GlossaryButton() {
  const { loaded, handover, handlers } = usePlainButton();
  if (loaded) return <loaded.ListPopover handover={handover} />;
  return (
    <UnstyledButton className={classes.button} aria-haspopup="dialog" aria-expanded={false} {...handlers}>
      <IconHelpCircle size={16} stroke={1.8} aria-hidden />
      What the words mean
    </UnstyledButton>
  );
}
