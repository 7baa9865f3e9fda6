/**
 * The rules page's illustrations: a real card and a real tribute from the card set, with numbered
 * callouts matching the lists beside them, and the legend of the card icons.
 */
import type { ReactNode } from 'react';
import { CardFace } from '../cards/card-face.js';
import { TributeFace } from '../cards/tribute-face.js';
import { SAMPLE_CARD, SAMPLE_TRIBUTE } from './samples.js';
import {
  AffinityIcon,
  BaseIcon,
  ClashIcon,
  DraftIcon,
  FavorIcon,
  GoldIcon,
  MilitaryIcon,
  OnGainIcon,
  ProductionIcon,
  ProphecyIcon,
  RerollIcon,
  SetIcon,
  TributeTokenIcon,
  TypeIcon,
  UpgradeIcon,
  WheneverGainIcon,
} from '../cards/icons.js';
import classes from './rules.module.css';

interface Callout {
  /**
   * Where the callout points, in % of the card's width and height: on a mark's rim, not its middle,
   * where the line's dot hid the number it names (the cost's 7, the favor's 5).
   */
  x: number;
  y: number;
  side: 'left' | 'right' | 'top';
  label: ReactNode;
}

const CARD_CALLOUTS: Callout[] = [
  { x: 3, y: 7, side: 'left', label: <><strong>Cost</strong> in gold (the coin).</> },
  { x: 45, y: 3, side: 'top', label: <><strong>Name.</strong></> },
  { x: 97, y: 7, side: 'right', label: <><strong>Favor</strong> (the green shield): scored as soon as you gain the card. No shield means 0.</> },
  { x: 12, y: 20, side: 'left', label: <><strong>Clash-token cost</strong>, on some cards: spent as well as the gold.</> },
  { x: 62, y: 25, side: 'right', label: <><strong>Type</strong> (large) and <strong>affinity</strong> mark (corner).</> },
  { x: 18, y: 38.5, side: 'left', label: <>The <strong>type line</strong> says both in words.</> },
  { x: 70, y: 56, side: 'right', label: <><strong>Abilities</strong>, one row each: when it acts, then what it gives.</> },
  { x: 15, y: 80, side: 'left', label: <><strong>Flavor</strong> text.</> },
  { x: 56, y: 94, side: 'right', label: <><strong>Age</strong> (I, II, III; ✦ for none).</> },
];

const TRIBUTE_CALLOUTS: Callout[] = [
  { x: 30, y: 4, side: 'left', label: <>The <strong>god</strong> it honours, then its <strong>name</strong>.</> },
  { x: 62, y: 30, side: 'right', label: <>The god's <strong>art</strong>: Akroa's wings, Baeren's oak, Derion's column, Tyros's helm, Zeona's eye.</> },
  { x: 20, y: 58, side: 'left', label: <>The <strong>objective</strong>.</> },
  { x: 70, y: 79, side: 'right', label: <>The <strong>value</strong> for ages I, II and III.</> },
  { x: 25, y: 91, side: 'left', label: <>The <strong>tokens</strong> it pays, 3 favor each.</> },
];

function Annotated({ callouts, children, width }: { callouts: Callout[]; children: ReactNode; width: number }) {
  const height = (width * 88) / 63;
  const margin = 34;
  const top = callouts.some((c) => c.side === 'top') ? 30 : 0;
  const box = { width: width + 2 * margin, height: height + top };
  return (
    <figure className={classes.anatomy}>
      <div className={classes.anatomyArt} style={{ ...box, paddingLeft: margin, paddingTop: top }}>
        {children}
        <svg className={classes.anatomyLines} viewBox={`0 0 ${box.width} ${box.height}`} width={box.width} height={box.height} aria-hidden="true">
          {callouts.map((c, i) => {
            const x = margin + (c.x / 100) * width;
            const y = top + (c.y / 100) * height;
            const [mx, my] = c.side === 'top' ? [x, 12] : [c.side === 'left' ? 12 : box.width - 12, y];
            return (
              <g key={i}>
                <line x1={mx} y1={my} x2={x} y2={y} />
                <circle cx={x} cy={y} r="3" />
                <circle className={classes.marker} cx={mx} cy={my} r="11" />
                <text x={mx} y={my + 4.5} textAnchor="middle">
                  {i + 1}
                </text>
              </g>
            );
          })}
        </svg>
      </div>
      <figcaption>
        <ol className={classes.callouts}>
          {callouts.map((c, i) => (
            <li key={i}>{c.label}</li>
          ))}
        </ol>
      </figcaption>
    </figure>
  );
}

export function CardAnatomy({ width }: { width: number }) {
  return (
    <Annotated callouts={CARD_CALLOUTS} width={width}>
      <CardFace card={SAMPLE_CARD} width={width} />
    </Annotated>
  );
}

export function TributeAnatomy({ width }: { width: number }) {
  return (
    <Annotated callouts={TRIBUTE_CALLOUTS} width={width}>
      <TributeFace tribute={SAMPLE_TRIBUTE} width={width} />
    </Annotated>
  );
}

function Entry({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li>
      <span className={classes.legendIcon}>{icon}</span>
      <span>{children}</span>
    </li>
  );
}

/** What each icon on a card face means. */
export function IconLegend() {
  return (
    <div className={classes.legend}>
      {/* Not "Resources": the rules' own section has that name, and a screen reader lists both. */}
      <section aria-label="Resource icons">
        <h3>Resources</h3>
        <ul>
          <Entry icon={<GoldIcon />}>Gold (G)</Entry>
          <Entry icon={<MilitaryIcon />}>Military (M)</Entry>
          <Entry icon={<FavorIcon />}>Favor (V)</Entry>
          <Entry icon={<ClashIcon />}>Clash token (W)</Entry>
          <Entry icon={<RerollIcon />}>Reroll token (R)</Entry>
          <Entry icon={<TributeTokenIcon />}>A tribute (token)</Entry>
        </ul>
      </section>
      <section aria-label="When an ability acts">
        <h3>When it acts</h3>
        <ul>
          <Entry icon={<span className={classes.kind}><ProductionIcon /></span>}>Each turn (production)</Entry>
          <Entry icon={<span className={`${classes.kind} ${classes.kindBase}`}><BaseIcon /></span>}>Always (base production)</Entry>
          <Entry icon={<span className={classes.kind}><OnGainIcon /></span>}>Once, when you gain it</Entry>
          <Entry icon={<span className={classes.kind}><DraftIcon /></span>}>When you draft a … from the trade row</Entry>
          <Entry icon={<span className={classes.kind}><WheneverGainIcon /></span>}>When you gain a … from anywhere</Entry>
          <Entry icon={<span className={`${classes.kind} ${classes.kindEnd}`}><ProphecyIcon /></span>}>At the end of the game (prophecy)</Entry>
        </ul>
      </section>
      <section aria-label="What an ability counts">
        <h3>What it counts</h3>
        <ul>
          <Entry icon={<AffinityIcon affinity="Derion" />}>Derion cards</Entry>
          <Entry icon={<AffinityIcon affinity="Tyros" />}>Tyros cards</Entry>
          <Entry icon={<AffinityIcon affinity="Zeona" />}>Zeona cards</Entry>
          <Entry icon={<TypeIcon type="Building" />}>Buildings</Entry>
          <Entry icon={<TypeIcon type="Unit" />}>Units</Entry>
          <Entry icon={<TypeIcon type="Event" />}>Events</Entry>
          <Entry icon={<SetIcon />}>Deity sets</Entry>
          <Entry icon={<span className={classes.example}>/2</span>}>“per”: 1V/2Tyros is 1 favor per 2 Tyros cards</Entry>
          <Entry icon={<span className={classes.upgrade}><UpgradeIcon /></span>}>Upgrade: 3M&gt;2Unit gives 3 military once you hold 2 Units</Entry>
        </ul>
      </section>
    </div>
  );
}
