/**
 * Mantine's Modal, loaded the first time the dialog opens rather than with the page: a closed Modal
 * draws nothing, yet its code (the focus trap, the scroll lock, the overlay and transitions, about
 * 9 KB gzip) would be part of every first load of a page that can open one. Once opened it stays
 * mounted, so later closings and openings run Mantine's transitions as before. The same props as
 * Mantine's `Modal` (not its compound parts).
 */
import { lazy, Suspense, useState } from 'react';
import type { ModalProps } from '@mantine/core';

const MantineModal = lazy(() => import('./mantine-modal.js'));

export function Modal(props: ModalProps) {
  const [wanted, setWanted] = useState(props.opened);
  if (props.opened && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <MantineModal {...props} />
    </Suspense>
  );
}
