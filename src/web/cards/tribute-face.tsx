/**
 * A tribute card: its god's medallion, its name, the objective, the value for each age and the
 * tokens it pays (each worth 3 favor). Same size and em-based drawing as a card face.
 */
import type { TributeCard } from '../../engine/cards/definitions.js';
import { tributeLabel } from './describe.js';
import { GodEmblem } from './god-emblem.js';
import { TributeTokenIcon } from './icons.js';
import { CARD_WIDTH, CardName, interactiveProps, widthStyle, type CardFaceProps } from './card-face.js';
import classes from './cards.module.css';

export type { TributeCard };

export interface TributeFaceProps {
  tribute: TributeCard;
  width?: number;
  dimmed?: boolean;
  selected?: boolean;
  overlay?: CardFaceProps['overlay'];
  onClick?: CardFaceProps['onClick'];
  'aria-label'?: string;
}

/** True when the value is the same in every age (shown once rather than three times). */
function sameEveryAge(value: readonly number[]): boolean {
  return value.every((v) => v === value[0]);
}

export function TributeFace(props: TributeFaceProps) {
  const { tribute, width = CARD_WIDTH, dimmed, selected, overlay, onClick } = props;
  const compact = width < 120;
  const label = props['aria-label'] ?? tributeLabel(tribute);
  const names = [classes.tribute, classes[`god-${tribute.image}`], compact ? classes.compact : '', dimmed ? classes.dimmed : '', selected ? classes.selected : '', onClick ? classes.clickable : ''];
  return (
    <div className={names.filter(Boolean).join(' ')} style={widthStyle(width)} data-card="tribute" data-tribute-id={tribute.id} {...interactiveProps(label, onClick)}>
      <CardName label={label} clickable={Boolean(onClick)} />
      <div className={classes.inner} aria-hidden="true">
        <div className={classes.tributeKicker}>Tribute · {tribute.image}</div>
        <div className={classes.tributeName}>{tribute.name}</div>
        <div className={classes.emblem}>
          <GodEmblem god={tribute.image} />
        </div>
        <div className={classes.tributeDesc}>{tribute.description}</div>
        <div className={classes.tributeValues} title="Value in ages I, II and III">
          {sameEveryAge(tribute.value) ? (
            <span className={classes.tributeValue}>
              <small>ALL AGES</small>
              <b>{tribute.value[0]}</b>
            </span>
          ) : (
            tribute.value.map((v, i) => (
              <span className={classes.tributeValue} key={i}>
                <small>{['I', 'II', 'III'][i]}</small>
                <b>{v}</b>
              </span>
            ))
          )}
        </div>
        <div className={classes.tributeTokens} title={`${tribute.tokens} tribute tokens, ${tribute.tokens * 3} favor`}>
          {Array.from({ length: tribute.tokens }, (_, i) => (
            <TributeTokenIcon key={i} />
          ))}
          <span>= {tribute.tokens * 3} favor</span>
        </div>
      </div>
      {overlay ? <div className={classes.overlay}>{overlay}</div> : null}
    </div>
  );
}
