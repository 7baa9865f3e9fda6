/**
 * Mantine's Modal, loaded the first time the dialog opens rather than with the page: a closed Modal
 * draws nothing, yet its code (the focus trap, the scroll lock, the overlay and transitions, about
 * 9 KB gzip) would be part of every first load of a page that can open one. Once opened it stays
 * mounted, so later closings and openings run Mantine's transitions as before. The same props as
 * Mantine's `Modal` (not its compound parts).
 *
 * The focus goes back where it was when the dialog opened, as Mantine's own does: Mantine notes
 * that place when `opened` turns true, and a Modal that mounts already opened (its first opening,
 * here) never sees it turn, so a keyboard player who closed the first dialog was left at the top
 * of the page. The place is noted here for every opening, and given back as the dialog goes when
 * the focus is still in it (or went nowhere).
 */
import { lazy, Suspense, useState } from 'react';
import type { ModalProps } from '@mantine/core';
import { focusIsLost } from './focus.js';

const MantineModal = lazy(() => import('./mantine-modal.js'));

export function Modal(props: ModalProps) {
  const [wanted, setWanted] = useState(props.opened);
  const [open, setOpen] = useState(false);
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  if (props.opened && !wanted) setWanted(true);
  if (props.opened !== open) {
    setOpen(props.opened);
    // Read as the dialog opens, before its focus trap moves the focus in.
    if (props.opened) setOpener(document.activeElement instanceof HTMLElement ? document.activeElement : null);
  }
  if (!wanted) return null;
  const onExitTransitionEnd = () => {
    props.onExitTransitionEnd?.();
    // Still in the dialog, whose content goes right after this (it would drop the focus to the
    // page), or already dropped.
    const lost = focusIsLost() || document.activeElement?.closest('[role="dialog"]') != null;
    if (props.returnFocus !== false && lost && opener?.isConnected) opener.focus();
  };
  return (
    <Suspense fallback={null}>
      <MantineModal {...props} onExitTransitionEnd={onExitTransitionEnd} />
    </Suspense>
  );
}
