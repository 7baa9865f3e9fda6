/**
 * The card language's icons, drawn as SVG (viewBox 24x24, sized by the surrounding font: 1em square
 * unless told). Every icon has its own shape as well as its own colour, so colour is never the only
 * signal: gold a coin, military a shield, favor a laurel, Clash tokens crossed swords on a burst,
 * reroll tokens a die. Types: Building a temple, Unit a figure, Event a scroll. Deities: Derion a
 * stone block, Tyros a spearhead, Zeona an eye, each with its initial.
 *
 * Each icon's drawing is a `<symbol>` put in the page once (`SYMBOLS`, below), and an icon is an
 * `<svg>` with a `<use>` of it. The card gallery shows about 1,400 icons: drawn inline, they were
 * 5,300 SVG elements with 31,000 attributes that React made one by one, nearly half of the page's
 * elements; now each is two, and the browser copies the drawing itself. A `<use>` passes the icon's
 * colour on, so the drawings that take the text's colour (`currentColor`) still do.
 */
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import type { Affinity, CardType, CountedThing, Deity, Resource } from '../../engine/types.js';
import { AFFINITY_COLORS, ART, SITE } from '../lib/palette.js';
import classes from './cards.module.css';

export interface IconProps {
  /** Size as a CSS length; default 1em (so it follows the text around it). */
  size?: string | number;
  /** A title read by screen readers and shown on hover; without it the icon is decorative. */
  title?: string;
  className?: string;
}

function Svg({ symbol, size = '1em', title, className }: IconProps & { symbol: SymbolName }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      className={className ? `${classes.icon} ${className}` : classes.icon}
      role={title ? 'img' : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
      focusable="false"
    >
      {title ? <title>{title}</title> : null}
      <use href={`#${SYMBOL_ID}${symbol}`} />
    </svg>
  );
}

/** The spoken and printed names of the resources; war tokens are called Clash tokens. */
export const RESOURCE_LABELS: Record<Resource, { one: string; many: string; letter: string }> = {
  gold: { one: 'gold', many: 'gold', letter: 'G' },
  favor: { one: 'favor', many: 'favor', letter: 'V' },
  military: { one: 'military', many: 'military', letter: 'M' },
  warTokens: { one: 'Clash token', many: 'Clash tokens', letter: 'W' },
  rerollTokens: { one: 'reroll token', many: 'reroll tokens', letter: 'R' },
};

/** A laurel: two arcs of leaves around a star. */
function laurel(): ReactNode {
  const leaves = [0, 1, 2, 3].map((i) => {
    const angle = 200 + i * 32;
    const rad = (angle * Math.PI) / 180;
    return { x: 12 + 8.2 * Math.cos(rad), y: 12.5 - 8.2 * Math.sin(rad), r: 90 - angle };
  });
  return (
    <>
      <circle cx="12" cy="12" r="11" fill={ART.favorIcon.face} stroke={ART.favorIcon.edge} strokeWidth="1.2" />
      {leaves.map((l, i) => (
        <g key={i}>
          <ellipse cx={l.x} cy={l.y} rx="1.7" ry="3" transform={`rotate(${l.r} ${l.x} ${l.y})`} fill={SITE.favorEdge} />
          <ellipse cx={24 - l.x} cy={l.y} rx="1.7" ry="3" transform={`rotate(${-l.r} ${24 - l.x} ${l.y})`} fill={SITE.favorEdge} />
        </g>
      ))}
      <path d="M12 6.6l1.5 3.3 3.5.3-2.7 2.3.9 3.5L12 14.1 8.8 16l.9-3.5L7 10.2l3.5-.3z" fill={SITE.goldLeaf} stroke={ART.favorIcon.starEdge} strokeWidth=".6" />
    </>
  );
}

const DEITY_SHAPES: Record<Deity, ReactNode> = {
  Derion: <rect x="3" y="3" width="18" height="18" rx="2.5" />,
  Tyros: <path d="M12 1.5 22 21.5H2z" strokeLinejoin="round" />,
  Zeona: <path d="M1.5 12C5 5.5 19 5.5 22.5 12 19 18.5 5 18.5 1.5 12z" />,
};

/** A deity's mark: its shape, its colour and its initial (D, T, Z). */
function deityMark(deity: Deity): ReactNode {
  const colors = AFFINITY_COLORS[deity];
  return (
    <>
      <g fill={colors.frame} stroke={colors.ink} strokeWidth="1.3">
        {DEITY_SHAPES[deity]}
      </g>
      <text x="12" y={deity === 'Tyros' ? 18.6 : 16.4} textAnchor="middle" fontSize={deity === 'Tyros' ? 9.5 : 11} fontWeight="800" fill={ART.white} fontFamily="Georgia, serif">
        {deity[0]}
      </text>
    </>
  );
}

/** The other affinities' marks: a crown for Leader, a sheaf's disc for Basic, a plain hex for None. */
function affinityMark(affinity: Exclude<Affinity, Deity>): ReactNode {
  const colors = AFFINITY_COLORS[affinity];
  return (
    <>
      {affinity === 'Leader' ? (
        <path d="M2.5 19.5 4 7l4.5 4.5L12 4l3.5 7.5L20 7l1.5 12.5z" fill={colors.frame} stroke={colors.ink} strokeWidth="1.3" strokeLinejoin="round" />
      ) : affinity === 'Basic' ? (
        <circle cx="12" cy="12" r="10" fill={colors.frame} stroke={colors.ink} strokeWidth="1.3" />
      ) : (
        <path d="M12 1.5 21.1 6.8v10.4L12 22.5 2.9 17.2V6.8z" fill={colors.frame} stroke={colors.ink} strokeWidth="1.3" />
      )}
      <text x="12" y={affinity === 'Leader' ? 17.5 : 16.3} textAnchor="middle" fontSize="10.5" fontWeight="800" fill={ART.white} fontFamily="Georgia, serif">
        {affinity[0]}
      </text>
    </>
  );
}

/**
 * Every icon's drawing, by name (a resource's, a card type's and an affinity's by the rules' own
 * name for it); each is a `<symbol>` of the page's one sprite.
 */
const SYMBOLS = {
  gold: (
    <>
      <circle cx="12" cy="12" r="10.5" fill={SITE.coin} stroke={ART.coinIcon.edge} strokeWidth="1.5" />
      <circle cx="12" cy="12" r="7" fill="none" stroke={ART.coinIcon.mark} strokeWidth="1.3" />
      <path d="M12 7.5 15.5 12 12 16.5 8.5 12z" fill={ART.coinIcon.mark} />
    </>
  ),
  military: (
    <>
      <path d="M12 1.8 20.5 4.6v6.6c0 5.3-3.6 9.2-8.5 11-4.9-1.8-8.5-5.7-8.5-11V4.6z" fill={ART.shieldIcon.face} stroke={ART.shieldIcon.edge} strokeWidth="1.5" strokeLinejoin="round" />
      <path d="M12 4.3v15.4M6.2 9.6h11.6" stroke={ART.shieldIcon.cross} strokeWidth="2" strokeLinecap="round" />
    </>
  ),
  favor: laurel(),
  warTokens: (
    <>
      <path d="M12 .8l2.3 4.1 4.5-1.4-.9 4.6 4.3 2-3.6 3 2.2 4.1-4.7.3-.9 4.6-3.2-3.5-3.2 3.5-.9-4.6-4.7-.3 2.2-4.1-3.6-3 4.3-2-.9-4.6 4.5 1.4z" fill={ART.clashIcon.face} stroke={SITE.clashToken} strokeWidth="1" strokeLinejoin="round" />
      <path d="M7.3 7.3l9.4 9.4M16.7 7.3l-9.4 9.4" stroke={ART.clashIcon.cross} strokeWidth="2.1" strokeLinecap="round" />
      <path d="M6.4 10.2l3.8-3.8M13.8 6.4l3.8 3.8" stroke={ART.clashIcon.cross} strokeWidth="1.4" strokeLinecap="round" />
    </>
  ),
  rerollTokens: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="4" fill={ART.rerollIcon.face} stroke={ART.rerollIcon.ink} strokeWidth="1.5" />
      <circle cx="8" cy="8" r="1.7" fill={ART.rerollIcon.ink} />
      <circle cx="16" cy="16" r="1.7" fill={ART.rerollIcon.ink} />
      <circle cx="12" cy="12" r="1.7" fill={ART.rerollIcon.ink} />
      <path d="M15 5.2a6.8 6.8 0 0 1 3.6 4.3" fill="none" stroke={ART.rerollIcon.arrow} strokeWidth="1.8" strokeLinecap="round" />
      <path d="M19.6 6.6l-.9 3.3-3.1-1.4" fill="none" stroke={ART.rerollIcon.arrow} strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
    </>
  ),
  Building: (
    <>
      <path d="M12 2 22 7.5H2z" fill="currentColor" />
      <rect x="3" y="8.8" width="18" height="1.8" fill="currentColor" />
      <rect x="4.5" y="11.4" width="2.6" height="7.2" fill="currentColor" />
      <rect x="10.7" y="11.4" width="2.6" height="7.2" fill="currentColor" />
      <rect x="16.9" y="11.4" width="2.6" height="7.2" fill="currentColor" />
      <rect x="2" y="19.4" width="20" height="2.6" fill="currentColor" />
    </>
  ),
  Unit: (
    <>
      <circle cx="12" cy="6.6" r="4.4" fill="currentColor" />
      <path d="M3.5 22c0-5.6 3.8-9.6 8.5-9.6s8.5 4 8.5 9.6z" fill="currentColor" />
    </>
  ),
  Event: (
    <>
      <path d="M6 3.5h12.5a2.5 2.5 0 0 1 0 5H18v10a3 3 0 0 1-3 3H5.5a2.5 2.5 0 0 1 0-5H6z" fill="currentColor" />
      <path d="M8.8 9.2h6.4M8.8 12.2h6.4M8.8 15.2h4.2" stroke={`var(--mc-icon-cut, ${ART.white})`} strokeWidth="1.3" strokeLinecap="round" />
    </>
  ),
  Derion: deityMark('Derion'),
  Tyros: deityMark('Tyros'),
  Zeona: deityMark('Zeona'),
  Leader: affinityMark('Leader'),
  Basic: affinityMark('Basic'),
  None: affinityMark('None'),
  set: (
    <>
      <rect x="1.5" y="12.5" width="9" height="9" rx="1.5" fill={AFFINITY_COLORS.Derion.frame} stroke={AFFINITY_COLORS.Derion.ink} />
      <path d="M17.5 12.5 22.5 21.5h-10z" fill={AFFINITY_COLORS.Tyros.frame} stroke={AFFINITY_COLORS.Tyros.ink} strokeLinejoin="round" />
      <path d="M5 6.5C7.5 2 16.5 2 19 6.5 16.5 11 7.5 11 5 6.5z" fill={AFFINITY_COLORS.Zeona.frame} stroke={AFFINITY_COLORS.Zeona.ink} />
    </>
  ),
  production: (
    <>
      <path d="M19.4 9.2A8 8 0 0 0 5 7.5M4.6 14.8A8 8 0 0 0 19 16.5" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
      <path d="M4 3.5v4.6h4.6M20 20.5v-4.6h-4.6" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
    </>
  ),
  base: (
    <>
      <path d="M4.5 9.5 12 3l7.5 6.5z" fill="currentColor" />
      <rect x="7" y="11" width="10" height="6" fill="currentColor" />
      <rect x="3" y="18.5" width="18" height="3" rx="1" fill="currentColor" />
    </>
  ),
  onGain: (
    <>
      <path d="M12 2.5v11M7 9l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M3.5 14.5v5.5h17v-5.5" fill="none" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
    </>
  ),
  draft: (
    <>
      <rect x="1.5" y="9" width="6" height="9" rx="1" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <rect x="16.5" y="9" width="6" height="9" rx="1" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <rect x="9" y="3" width="6" height="9" rx="1" fill="currentColor" />
      <path d="M12 14.5v7" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      <path d="M9.5 19l2.5 2.5 2.5-2.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </>
  ),
  wheneverGain: (
    <>
      <circle cx="12" cy="12" r="9.5" fill="none" stroke="currentColor" strokeWidth="2.4" />
      <path d="M12 7v10M7 12h10" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" />
    </>
  ),
  prophecy: (
    <>
      <path d="M5 2.5h14M5 21.5h14" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
      <path d="M6.5 3.5c0 5 5 6.5 5.5 8.5-.5 2-5.5 3.5-5.5 8.5h11c0-5-5-6.5-5.5-8.5.5-2 5.5-3.5 5.5-8.5z" fill="none" stroke="currentColor" strokeWidth="1.9" strokeLinejoin="round" />
      <path d="M9 19.5c.5-2 2-2.6 3-3.5 1 .9 2.5 1.5 3 3.5z" fill="currentColor" />
    </>
  ),
  tributeToken: (
    <>
      <circle cx="12" cy="12" r="10.5" fill={SITE.gold} stroke={SITE.coinEdge} strokeWidth="1.4" />
      <circle cx="12" cy="12" r="7.2" fill="none" stroke={ART.tributeIcon.dash} strokeWidth="1.2" strokeDasharray="2 1.4" />
      <path d="M7.5 15.5h9M8.5 15.5v-5h7v5M7.5 10.5 12 7l4.5 3.5" fill="none" stroke={AFFINITY_COLORS.Derion.ink} strokeWidth="1.5" strokeLinejoin="round" />
    </>
  ),
  upgrade: <path d="M4 15.5 12 7l8 8.5" fill="none" stroke="currentColor" strokeWidth="3.4" strokeLinecap="round" strokeLinejoin="round" />,
} satisfies Record<string, ReactNode>;

type SymbolName = keyof typeof SYMBOLS;

/** The prefix of every symbol's id in the page. */
const SYMBOL_ID = 'mythos-icon-';

/**
 * The sprite: every symbol, in one `<svg>` that takes no room and is hidden from screen readers
 * (not `display: none`, under which some browsers draw no `<use>` of it). Its drawing may pass its
 * box, as the inline icons' did (`overflow: visible`).
 */
function Sprite() {
  return (
    <svg width="0" height="0" aria-hidden="true" focusable="false" style={{ position: 'absolute', overflow: 'hidden' }}>
      {Object.entries(SYMBOLS).map(([name, drawing]) => (
        <symbol key={name} id={`${SYMBOL_ID}${name}`} viewBox="0 0 24 24" overflow="visible">
          {drawing}
        </symbol>
      ))}
    </svg>
  );
}

// Put in the page once, as this module loads, on every page that draws an icon, in a React root of
// its own so that no page has to draw it. Its render is scheduled, not forced with `flushSync`, which
// would also force through whatever the page's own root had waiting (50 ms in a trace of the
// gallery's first load, with the CPU slowed 4x); scheduled, it still comes before the page's first
// render, which is a transition. (Not where there is no page: Node's tests load this module's words.)
if (typeof document !== 'undefined') {
  const host = document.createElement('div');
  host.dataset.iconSprite = '';
  document.body.prepend(host);
  createRoot(host).render(<Sprite />);
}

/** An icon that draws one symbol of the sprite. */
function iconOf(symbol: SymbolName) {
  return function Icon(props: IconProps) {
    return <Svg symbol={symbol} {...props} />;
  };
}

/** The resources' icons: a coin, a shield, a laurel, crossed swords on a burst, a die. */
export const GoldIcon = iconOf('gold');
export const MilitaryIcon = iconOf('military');
export const FavorIcon = iconOf('favor');
export const ClashIcon = iconOf('warTokens');
export const RerollIcon = iconOf('rerollTokens');

/** The icon of a resource (G, M, V, W as Clash, R). */
export function ResourceIcon({ resource, ...props }: IconProps & { resource: Resource }) {
  return <Svg symbol={resource} {...props} />;
}

/** The card types' icons, in the text's colour: a temple, a figure, a scroll. */
export const BuildingIcon = iconOf('Building');
export const UnitIcon = iconOf('Unit');
export const EventIcon = iconOf('Event');

/** The icon of a card type (Building, Unit, Event); it takes the current text colour. */
export function TypeIcon({ type, ...props }: IconProps & { type: CardType }) {
  return <Svg symbol={type} {...props} />;
}

/** A deity's mark: its shape, its colour and its initial (D, T, Z). */
export function DeityIcon({ deity, ...props }: IconProps & { deity: Deity }) {
  return <Svg symbol={deity} {...props} />;
}

/** A deity set: one of each deity's marks. */
export const SetIcon = iconOf('set');

/** What an output counts (a deity, a type, Clash tokens, deity sets), as an icon. */
export function CountedIcon({ thing, ...props }: IconProps & { thing: CountedThing }) {
  switch (thing) {
    case 'Derion':
    case 'Tyros':
    case 'Zeona':
      return <DeityIcon deity={thing} {...props} />;
    case 'Building':
    case 'Unit':
    case 'Event':
      return <TypeIcon type={thing} className={classes.typeInk} {...props} />;
    case 'War':
      return <ClashIcon {...props} />;
    case 'card_set':
      return <SetIcon {...props} />;
  }
}

/** Every turn (production): two arrows in a circle. */
export const ProductionIcon = iconOf('production');

/** Always (base production): a plinth, the permanent foundation of every bid or purchase. */
export const BaseIcon = iconOf('base');

/** Once, when gained: an arrow into the hand (a tray). */
export const OnGainIcon = iconOf('onGain');

/** Whenever you draft (from the trade row): three cards, the middle one lifted. */
export const DraftIcon = iconOf('draft');

/** Whenever you gain (from anywhere): a plus in a ring. */
export const WheneverGainIcon = iconOf('wheneverGain');

/** At the end of the game (a prophecy): an hourglass. */
export const ProphecyIcon = iconOf('prophecy');

/** A completed tribute (a target of acquire-target): a tribute token, a laurel-bordered disc. */
export const TributeTokenIcon = iconOf('tributeToken');

/** An upgrade threshold: an upward chevron (the output turns on once the count is reached). */
export const UpgradeIcon = iconOf('upgrade');

/** Any affinity's mark: the deities' own, a crown for Leader, a sheaf for Basic, a plain hex for None. */
export function AffinityIcon({ affinity, ...props }: IconProps & { affinity: Affinity }) {
  return <Svg symbol={affinity} {...props} />;
}
