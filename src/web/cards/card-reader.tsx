/**
 * The reader: a card opened in a dialog by a touch hold (card-preview.tsx), drawn as large as the
 * screen allows, with what it does in words. Its own module, loaded on the first hold: Mantine's
 * Modal is about 15 KB gzip that the gallery and the game screen need only then.
 */
import type { ReactNode } from 'react';
import { Modal } from '@mantine/core';
import { CARD_RATIO, CARD_WIDTH } from './card-face.js';
import { RuleList } from './rule-list.js';
import classes from './cards.module.css';

/** The reader's widest card: the hover preview's size for a gallery card (card-preview.tsx's PREVIEW_SCALE, 2.5). */
const READER_MAX_WIDTH = Math.round(CARD_WIDTH * 2.5);

/** The reader's card width: as wide as fits the window beside the dialog's margins and title. */
export function readerWidth(viewport = { width: window.innerWidth, height: window.innerHeight }): number {
  const byWidth = viewport.width - 64;
  const byHeight = (viewport.height - 150) / CARD_RATIO;
  return Math.max(120, Math.floor(Math.min(READER_MAX_WIDTH, byWidth, byHeight)));
}

/** The dialog, open from mount: closing it is the caller unmounting it (onClose). */
export function CardReader({ name, render, rules, onClose }: { name: string; render: (width: number) => ReactNode; rules?: () => readonly string[]; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title={name} centered size="auto" classNames={{ body: classes.reader }}>
      {render(readerWidth())}
      {rules ? <RuleList rules={rules()} className={classes.readerRules} maxWidth={readerWidth()} /> : null}
    </Modal>
  );
}
