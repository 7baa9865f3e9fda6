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
 *
 * A dialog whose code does not arrive (the site updated since the tab opened, its old files gone,
 * or the connection dropped) says so where it would have opened, with a way to try again, one to
 * reload and one to close, and the page stays: the game's CHAT pressed after an update took the
 * whole game screen down to the site's error page. Opened again, it tries again (its code is
 * loaded afresh, lib/retrying-lazy.tsx): a phone that pressed CHAT while its connection was down
 * was told "did not load" at every press after, the connection long back, until it reloaded. Left
 * open while the connection comes back, it tries again by itself, as a part of a page does.
 */
import { Suspense, useState, type ReactNode } from 'react';
import type { ModalProps } from '@mantine/core';
import { notShownWords } from './code-not-loaded.js';
import { LoadAgainBoundary } from './load-again-boundary.js';
import { retryingLazy } from './retrying-lazy.js';
import { focusIsLost } from './focus.js';
import classes from './lazy-modal.module.css';

const MantineModal = retryingLazy(() => import('./mantine-modal.js'));

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
    <DialogBoundary opened={props.opened} onClose={props.onClose}>
      <Suspense fallback={null}>
        <MantineModal {...props} onExitTransitionEnd={onExitTransitionEnd} />
      </Suspense>
    </DialogBoundary>
  );
}

/** In place of a dialog that failed: why, while it is wanted open; opened again, it tries again. */
class DialogBoundary extends LoadAgainBoundary<{ opened: boolean; onClose: () => void; children: ReactNode }> {
  /** Left open while the connection comes back; a closed one waits to be opened again. */
  protected override wantedOnline(): boolean {
    return this.props.opened;
  }

  override componentDidUpdate(before: { opened: boolean }): void {
    if (this.state.failed !== null && this.props.opened && !before.opened) this.tryAgain();
  }

  override render(): ReactNode {
    const { failed } = this.state;
    if (failed === null) return this.props.children;
    if (!this.props.opened) return null;
    return (
      <div role="alert" className={classes.failed} data-testid="dialog-failed">
        <p>{notShownWords('This dialog', failed.error)}</p>
        <p className={classes.actions}>
          <button type="button" onClick={this.tryAgain}>
            Try again
          </button>
          {/* A plain link to this same address loads the page afresh, new code and all. */}
          <a href={window.location.href}>Reload the page</a>
          <button type="button" onClick={this.props.onClose}>
            Close
          </button>
        </p>
      </div>
    );
  }
}
