/** Mantine's Modal as a chunk of its own, loaded by lazy-modal.tsx when a dialog first opens. */
export { Modal as default } from '@mantine/core';
