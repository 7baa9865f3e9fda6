/**
 * A card on the game board: the card component's face (which carries `data-card-id`) in a frame
 * that adds the selection ring (white when affordable, red when not), the mark of an unaffordable
 * card and a caption (the cost this player would pay). Every card and tribute on the table can be
 * read large: hovered with a mouse, or held on a touch screen.
 *
 * An unaffordable card is greyed and dimmed under a red overlay of diagonal hatching, with a red
 * lock on its cost: a plain red tint over the whole card read as the Tyros affinity (red), and in
 * later ages tinted the whole row.
 *
 * The class names game-card and game-card-hatch carry no style (game-card.module.css has it): browser
 * tests in tests/web find the board's cards and the hatching by them.
 *
 * Both components are memoised: a card's face is dozens of elements, and a late game's boards hold
 * many cards, so re-drawing every face after each new view was most of the screen's render. A card
 * whose props did not change (a board card always, once drawn) is skipped; callers pass stable
 * props (no caption or click handler made afresh on each render) for that to work.
 */
import { memo, type ReactNode } from 'react';
import { IconLock } from '@tabler/icons-react';
import { CardFace, cardLabel } from '../cards/card-face.js';
import { CardPreview } from '../cards/card-preview.js';
import { cardRules, tributeRules } from '../cards/describe.js';
import { TributeFace } from '../cards/tribute-face.js';
import type { Card, TributeCard } from './model.js';
import classes from './game-card.module.css';

export interface GameCardProps {
  card: Card;
  width?: number;
  /** Greyed under red hatching, with a lock on its cost: the viewer cannot pay for it. */
  unaffordable?: boolean;
  /** Selected by the viewer: a white ring if affordable, red otherwise. */
  selected?: boolean;
  /** A caption under the card (say, the cost this player would pay). */
  caption?: ReactNode;
  onClick?: () => void;
  /** A clickable card's place in the Tab order: -1 in a row that is one Tab stop (see CardFace). */
  tabIndex?: 0 | -1;
  label?: string;
}

export const GameCard = memo(function GameCard({ card, width = 120, unaffordable, selected, caption, onClick, tabIndex, label }: GameCardProps) {
  return (
    <div
      className={`game-card ${classes.card}`}
      data-selected={selected ? 'true' : undefined}
      data-unaffordable={unaffordable ? 'true' : undefined}
      style={{ width }}
    >
      <div className={classes.frame} style={{ borderRadius: width / 14 }}>
        <CardPreview width={width} name={card.name} rules={() => cardRules(card)} render={(w) => <CardFace card={card} width={w} />}>
          <CardFace card={card} width={width} onClick={onClick} tabIndex={tabIndex} aria-label={label ? `${cardLabel(card)} (${label})` : undefined} />
        </CardPreview>
        {unaffordable ? (
          <>
            <div aria-hidden className={`game-card-hatch ${classes.hatch}`} style={{ borderRadius: width / 14 }} />
            <UnaffordableMark width={width} />
          </>
        ) : null}
      </div>
      {caption ? <div className={classes.caption}>{caption}</div> : null}
    </div>
  );
});

/**
 * The lock over the card's cost coin, at any card width (never smaller than 18 px): centred on the
 * coin (cards.module.css: 0.08em from the corner, 2.75em across, at a fourteenth of the card's
 * width to the em), so it covers the cost it refuses and never the card's name beside it (it sat
 * a coin lower and over the title: "Red Watchtower" read "Red atchtower"). The caption under the
 * card still gives the cost.
 */
function UnaffordableMark({ width }: { width: number }) {
  const size = Math.max(18, Math.round(width * 0.17));
  const coinCentre = (width / 14) * (0.08 + 2.75 / 2);
  const at = Math.max(0, Math.round(coinCentre - size / 2));
  return (
    <span className={classes.lock} role="img" aria-label="Cannot afford" style={{ left: at, top: at, width: size, height: size }}>
      <IconLock size={Math.round(size * 0.68)} stroke={2.4} aria-hidden />
    </span>
  );
}

export const GameTribute = memo(function GameTribute({ tribute, width = 120 }: { tribute: TributeCard; width?: number }) {
  return (
    <CardPreview width={width} name={tribute.name} rules={() => tributeRules(tribute)} render={(w) => <TributeFace tribute={tribute} width={w} />}>
      <TributeFace tribute={tribute} width={width} />
    </CardPreview>
  );
});
