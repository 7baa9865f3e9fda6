/**
 * The glossary's popovers (see glossary.tsx), loaded the first time a word is pointed at, focused or
 * clicked: Mantine's Popover brings floating-ui, which the rest of the game's first screen does
 * not need. A word clicked before this arrived opens once it has; a word that had the focus keeps
 * it.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Popover, Stack, UnstyledButton } from '@mantine/core';
import { IconHelpCircle } from '@tabler/icons-react';
import { Entry, GLOSSARY, type GlossaryKey } from './glossary-entries.js';
import classes from './glossary.module.css';

/** What the plain button was doing when this version replaced it. */
export interface Handover {
  /** Clicked: open at once. */
  opened: boolean;
  /** Had the keyboard's focus: take it. */
  focused: boolean;
}

/**
 * Focus for the target that replaced the plain button, and back to it when a popover that opened
 * with the page's swap closes (Mantine returns focus only for popovers opened after they mounted).
 */
function useHandover(handover: Handover) {
  const target = useRef<HTMLButtonElement>(null);
  const openedAtMount = useRef(handover.opened);
  useEffect(() => {
    if (handover.focused && !handover.opened) target.current?.focus({ preventScroll: true });
    // Only the first mount takes over from the plain button.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const onClose = () => {
    if (!openedAtMount.current) return;
    openedAtMount.current = false;
    const atClose = document.activeElement;
    window.setTimeout(() => {
      const now = document.activeElement;
      if (now === null || now === document.body || now === atClose) target.current?.focus({ preventScroll: true });
    }, 10);
  };
  return { target, onClose };
}

export function TermPopover({ entry, label, handover, children }: { entry: GlossaryKey; label: string; handover: Handover; children: ReactNode }) {
  const titleID = useId();
  const { target, onClose } = useHandover(handover);
  // Focus goes into the popover and back to the word on Escape, as in any small dialog.
  return (
    <Popover width={280} position="bottom" withArrow shadow="md" zIndex={300} trapFocus returnFocus defaultOpened={handover.opened} onClose={onClose}>
      <Popover.Target>
        <UnstyledButton ref={target} className={classes.term} aria-label={label} data-glossary={entry}>
          {children}
        </UnstyledButton>
      </Popover.Target>
      {/* Named by the entry's title, not by the word that opened it. */}
      <Popover.Dropdown aria-labelledby={titleID}>
        <Entry entry={GLOSSARY[entry]} heading="p" id={titleID} />
      </Popover.Dropdown>
    </Popover>
  );
}

export function ListPopover({ handover }: { handover: Handover }) {
  const { target, onClose } = useHandover(handover);
  return (
    <Popover width={320} position="bottom-start" withArrow shadow="md" zIndex={300} trapFocus returnFocus defaultOpened={handover.opened} onClose={onClose}>
      <Popover.Target>
        <UnstyledButton ref={target} className={classes.button}>
          <IconHelpCircle size={16} stroke={1.8} aria-hidden />
          What the words mean
        </UnstyledButton>
      </Popover.Target>
      {/* Scrolls within under half the screen's height, so that it fits above or below the button
          wherever that is; reachable by the keyboard, to scroll it. */}
      <Popover.Dropdown mah="min(45vh, 420px)" className={classes.dropdown} tabIndex={0}>
        <Stack gap="xs">
          {Object.values(GLOSSARY).map((entry) => (
            <Entry key={entry.term} entry={entry} heading="h3" />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
