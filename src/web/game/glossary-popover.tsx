/**
 * The glossary's popovers (see glossary.tsx), loaded the first time a word is pointed at, focused or
 * clicked: Mantine's Popover brings floating-ui, which the rest of the game's first screen does
 * not need. A word clicked before this arrived opens once it has; a word that had the focus keeps
 * it.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
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
 * The popover is opened and closed here: Mantine closes it on Escape only from inside it, and the
 * focus moves in only once it has opened, so an Escape pressed on the word before that (a quick
 * hand, a busy page) would leave it open; the word closes it too.
 */
function useHandover(handover: Handover) {
  const [opened, setOpened] = useState(handover.opened);
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
  // A controlled popover's target does not toggle it by itself.
  const targetProps = {
    ref: target,
    onClick: () => setOpened((open) => !open),
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'Escape' && opened) setOpened(false);
    },
  };
  return { opened, setOpened, onClose, targetProps };
}

export function TermPopover({ entry, label, handover, children }: { entry: GlossaryKey; label: string; handover: Handover; children: ReactNode }) {
  const titleID = useId();
  const { opened, setOpened, onClose, targetProps } = useHandover(handover);
  // Focus goes into the popover and back to the word on Escape, as in any small dialog.
  return (
    <Popover width={280} position="bottom" withArrow shadow="md" zIndex={300} trapFocus returnFocus opened={opened} onChange={setOpened} onClose={onClose}>
      <Popover.Target>
        <UnstyledButton {...targetProps} className={classes.term} aria-label={label} data-glossary={entry}>
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
  const { opened, setOpened, onClose, targetProps } = useHandover(handover);
  return (
    <Popover width={320} position="bottom-start" withArrow shadow="md" zIndex={300} trapFocus returnFocus opened={opened} onChange={setOpened} onClose={onClose}>
      <Popover.Target>
        <UnstyledButton {...targetProps} className={classes.button}>
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
