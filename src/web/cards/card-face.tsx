/**
 * A card face, drawn from the card's data: the frame in its affinity's colours, the gold cost coin
 * (and Clash-token cost) top left, the printed favor laurel top right, the type in the art panel
 * and the type line, one row per ability with resource icons, and the age at the foot.
 *
 * Every length is in em of the card's own font size (width / 14), so the face renders crisply at any
 * width: the 2.5x preview and print are the same drawing at a bigger size, not a scaled bitmap.
 * Full size is 140 px wide (1em = 10 px): ability rows 18 px high, icons 16 px, 8 px apart
 * (the effect row heights 18, 16, 8). Below 120 px the face turns compact: no
 * flavor, a shorter art panel, bigger icons and minimum text sizes, so it stays legible at 90 px.
 */
import type { CSSProperties, KeyboardEvent, MouseEvent, ReactNode } from 'react';
import type { Ability } from '../../engine/cards/notation.js';
import { abilitiesOf, abilityText, ageNumeral, cardLabel, type Card } from './describe.js';
import {
  AffinityIcon,
  BaseIcon,
  ClashIcon,
  CountedIcon,
  DraftIcon,
  OnGainIcon,
  ProductionIcon,
  ProphecyIcon,
  ResourceIcon,
  TributeTokenIcon,
  TypeIcon,
  UpgradeIcon,
  WheneverGainIcon,
} from './icons.js';
import classes from './cards.module.css';

export type { Card };
export { cardByID, cardLabel } from './describe.js';

export const CARD_WIDTH = 140;
/** Height over width: the 63 x 88 mm of a standard playing card. */
export const CARD_RATIO = 88 / 63;

export interface CardFaceProps {
  card: Card;
  /** Width in px (default 140); the height follows the card's proportions. */
  width?: number;
  /** Shown faded, say a card out of reach. */
  dimmed?: boolean;
  /** Outlined in gold, say the card a player picked. */
  selected?: boolean;
  /** Laid over the face (a cost warning, a count, a check mark). */
  overlay?: ReactNode;
  /** Prophecy dots: how much the card's end-of-game abilities would pay now (up to 5 shown). */
  prophecy?: number;
  onClick?: (event: MouseEvent<HTMLElement> | KeyboardEvent<HTMLElement>) => void;
  /**
   * A clickable card's place in the Tab order (default 0): -1 for the cards of a row that is one
   * Tab stop, its arrow keys moving between them (the game's trade row).
   */
  tabIndex?: 0 | -1;
  'aria-label'?: string;
  className?: string;
}

/** A card's width as the CSS custom property its em-based drawing follows (the colours come from its mc-aff-* class). */
export function widthStyle(width: number): CSSProperties {
  return { '--card-w': `${width}px` } as CSSProperties;
}

/**
 * Interactive props for a card-like element: a button when it has onClick, else an image.
 * A button takes its name from `CardName` inside it rather than aria-label: the face's own text
 * (icons, numbers) differs from the spoken description, and a control whose aria-label does not
 * contain its visible text fails "label in name" for voice-control users.
 */
export function interactiveProps(label: string, onClick: CardFaceProps['onClick'], tabIndex: 0 | -1 = 0) {
  if (!onClick) return { role: 'img', 'aria-label': label };
  return {
    role: 'button',
    tabIndex,
    onClick,
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        onClick(event);
      }
    },
  };
}

/** The spoken name of a clickable card or tribute (see interactiveProps); nothing for images. */
export function CardName({ label, clickable }: { label: string; clickable: boolean }) {
  return clickable ? <span className="mythos-visually-hidden">{label}</span> : null;
}

function KindIcon({ ability }: { ability: Ability }) {
  switch (ability.kind) {
    case 'production':
      return <ProductionIcon />;
    case 'base-production':
      return <BaseIcon />;
    case 'gain-on-acquire':
      return <OnGainIcon />;
    case 'end-of-game':
      return <ProphecyIcon />;
    case 'draft-target':
      return <DraftIcon />;
    case 'acquire-target':
      return <WheneverGainIcon />;
  }
}

function TargetIcon({ ability }: { ability: Ability }) {
  if (ability.kind !== 'draft-target' && ability.kind !== 'acquire-target') return null;
  const t = ability.target;
  const icon =
    t.kind === 'tribute' ? (
      <TributeTokenIcon />
    ) : t.kind === 'token' ? (
      <ClashIcon />
    ) : t.kind === 'card_affinity' ? (
      <AffinityIcon affinity={t.affinity} />
    ) : (
      <TypeIcon type={t.cardType} className={classes.typeInk} />
    );
  return (
    <>
      <span className={classes.target}>{icon}</span>
      <span className={classes.arrow} aria-hidden="true">
        ›
      </span>
    </>
  );
}

/** One ability as a row of icons: when it acts, what it reacts to, what it gives, what it counts. */
export function AbilityRow({ ability }: { ability: Ability }) {
  const { output } = ability;
  const text = abilityText(ability);
  return (
    <div className={`${classes.row} ${classes[`row-${ability.kind}`] ?? ''}`} title={text}>
      <span className={classes.kind}>
        <KindIcon ability={ability} />
      </span>
      <TargetIcon ability={ability} />
      <span className={classes.out}>
        <b>{output.outputRatio}</b>
        <ResourceIcon resource={output.outputResource} />
      </span>
      {output.multiplier ? (
        <span className={classes.per}>
          <i aria-hidden="true">/</i>
          {output.multiplier.resourceDivisor > 1 ? <b>{output.multiplier.resourceDivisor}</b> : null}
          <CountedIcon thing={output.multiplier.resource} />
        </span>
      ) : null}
      {output.upgradeCondition ? (
        <span className={classes.up}>
          <UpgradeIcon />
          <b>{output.upgradeCondition.upgradeAmount}</b>
          <CountedIcon thing={output.upgradeCondition.upgradeType} />
        </span>
      ) : null}
    </div>
  );
}

/** The art panel: rays (CSS) in the affinity's colours behind the type, with the affinity's mark. */
function Art({ card }: { card: Card }) {
  return (
    <div className={classes.art} aria-hidden="true">
      <span className={classes.artWatermark}>
        <AffinityIcon affinity={card.affinity} />
      </span>
      <span className={classes.artType}>
        <TypeIcon type={card.type} />
      </span>
      <span className={classes.artMark}>
        <AffinityIcon affinity={card.affinity} />
      </span>
    </div>
  );
}

export function CardFace(props: CardFaceProps) {
  const { card, width = CARD_WIDTH, dimmed, selected, overlay, prophecy, onClick, tabIndex, className } = props;
  const compact = width < 120;
  const abilities = abilitiesOf(card);
  const clash = card.additionalCosts?.warTokens ?? 0;
  const label = props['aria-label'] ?? cardLabel(card);
  const dots = prophecy === undefined ? 0 : Math.max(0, Math.min(5, prophecy));
  const names = [
    classes.card,
    card.affinity === 'Leader' ? classes.noCost : '',
    classes[`aff-${card.affinity}`],
    compact ? classes.compact : '',
    dimmed ? classes.dimmed : '',
    selected ? classes.selected : '',
    onClick ? classes.clickable : '',
    className ?? '',
  ].filter(Boolean);
  const showFlavor = !compact && card.flavor && abilities.length <= 2;
  return (
    <div className={names.join(' ')} style={widthStyle(width)} data-card="face" data-card-id={card.id} {...interactiveProps(label, onClick, tabIndex)}>
      <CardName label={label} clickable={Boolean(onClick)} />
      <div className={classes.inner} aria-hidden="true">
        <div className={classes.head}>
          <div className={card.name.length > 24 ? `${classes.name} ${classes.nameLong}` : card.name.length > 15 ? `${classes.name} ${classes.nameMid}` : classes.name} data-card-name>{card.name}</div>
        </div>
        <Art card={card} />
        <div className={classes.typeline}>
          <TypeIcon type={card.type} />
          <span>
            {card.affinity === 'None' ? 'Neutral' : card.affinity} {card.type}
          </span>
        </div>
        <div className={classes.abilities}>
          {abilities.map((ability, i) => (
            <AbilityRow key={i} ability={ability} />
          ))}
          {abilities.length === 0 ? <div className={classes.vanilla}>No abilities</div> : null}
        </div>
        {showFlavor ? <div className={classes.flavor}>{card.flavor}</div> : null}
        <div className={classes.foot}>
          {dots > 0 ? (
            <span className={classes.dots} title={`Prophecy: ${prophecy} favor now`}>
              {Array.from({ length: dots }, (_, i) => (
                <i key={i} />
              ))}
            </span>
          ) : null}
          {card.age ? <span className={`${classes.age} ${classes[`age-${card.age}`]}`}>{ageNumeral(card.age)}</span> : <span className={`${classes.age} ${classes['age-none']}`}>✦</span>}
        </div>
      </div>
      {card.affinity === 'Leader' ? null : (
        <div className={classes.cost} aria-hidden="true" data-card-part="cost">
          <span>{card.cost}</span>
        </div>
      )}
      {clash > 0 ? (
        <div className={classes.clashCost} aria-hidden="true" title={`Costs ${clash} Clash token${clash === 1 ? '' : 's'}`}>
          <ClashIcon />
          <b>{clash}</b>
        </div>
      ) : null}
      {card.favor > 0 ? (
        <div className={classes.favor} aria-hidden="true" data-card-part="favor">
          <span>{card.favor}</span>
        </div>
      ) : null}
      {overlay ? <div className={classes.overlay}>{overlay}</div> : null}
    </div>
  );
}
