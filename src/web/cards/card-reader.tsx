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

/** What the dialog spends around a card with its rules below: its margins, its title, its padding and the rules' first lines. */
const CHROME_BELOW = { width: 64, height: 150 };
/**
 * What it spends around a card with its rules beside: the same margins and title, no rules under
 * the card. Its height is the dialog's margin above and below (Mantine's 5dvh each) and its title
 * and padding (80 px): a fixed 116 fitted 360 px but left a 600 px tablet's card 19 px under the
 * dialog's fold.
 */
const chromeBeside = (height: number) => ({ width: 64 + 16, height: Math.ceil(height * 0.1) + 80 });
/** The rules beside a card: the least room they need (a sentence in two or three lines), and the widest they are drawn. */
const RULES_BESIDE = { min: 200, max: 320 };

export interface ReaderLayout {
  /** The card's width. */
  width: number;
  /** The rules go beside the card, not under it: a screen too short for both one above the other (a phone held sideways). */
  beside: boolean;
}

/**
 * The reader's card width and where its rules go. Below the card, as on an upright phone or a
 * desktop, unless the screen is so short that the card is drawn larger with the rules beside it:
 * at 740x360 the card was 150 px wide with its rules under the dialog's fold; beside, it is 174 and
 * the rules are read with it.
 */
export function readerLayout(viewport = { width: window.innerWidth, height: window.innerHeight }): ReaderLayout {
  const below = Math.min(READER_MAX_WIDTH, viewport.width - CHROME_BELOW.width, (viewport.height - CHROME_BELOW.height) / CARD_RATIO);
  const chrome = chromeBeside(viewport.height);
  const beside = Math.min(READER_MAX_WIDTH, (viewport.height - chrome.height) / CARD_RATIO);
  const room = viewport.width - chrome.width - beside;
  if (beside > below && room >= RULES_BESIDE.min) return { width: Math.floor(beside), beside: true };
  return { width: Math.max(120, Math.floor(below)), beside: false };
}

/** The dialog, open from mount: closing it is the caller unmounting it (onClose). */
export function CardReader({ name, render, rules, onClose }: { name: string; render: (width: number) => ReactNode; rules?: () => readonly string[]; onClose: () => void }) {
  const { width, beside } = readerLayout();
  return (
    <Modal opened onClose={onClose} title={name} centered size="auto" classNames={{ body: beside ? classes.readerBeside : classes.reader }}>
      {render(width)}
      {rules ? <RuleList rules={rules()} className={classes.readerRules} maxWidth={beside ? RULES_BESIDE.max : width} /> : null}
    </Modal>
  );
}
