/**
 * A card on the game board: the card component's face in a frame that carries the board's data
 * attributes (`data-card-id`), the selection ring (white when affordable, red when not), the red
 * overlay of an unaffordable card and the cost this player would pay.
 */
import type { ReactNode } from 'react';
import { UnstyledButton } from '@mantine/core';
import type { Card, TributeCard } from './model.js';
import { AFFINITY_COLORS } from '../lib/palette.js';

export interface GameCardProps {
  card: Card;
  width?: number;
  /** Red overlay: the viewer cannot pay for it. */
  unaffordable?: boolean;
  /** Selected by the viewer: a white ring if affordable, red otherwise. */
  selected?: boolean;
  /** A caption under the card (say, the cost this player would pay). */
  caption?: ReactNode;
  onClick?: () => void;
  disabled?: boolean;
  label?: string;
}

export function GameCard({ card, width = 120, unaffordable, selected, caption, onClick, disabled, label }: GameCardProps) {
  const ring = selected ? (unaffordable ? '#ff4d4f' : '#ffffff') : 'transparent';
  const face = (
    <div className="game-card" data-card-id={card.id} data-selected={selected ? 'true' : undefined} data-unaffordable={unaffordable ? 'true' : undefined}
      style={{ width, position: 'relative', borderRadius: 10, boxShadow: selected ? `0 0 0 3px ${ring}, 0 0 14px ${ring}` : undefined }}>
      <CardFaceFallback card={card} width={width} />
      {unaffordable ? <div aria-hidden style={{ position: 'absolute', inset: 0, borderRadius: 10, background: 'rgba(200, 20, 20, 0.38)', pointerEvents: 'none' }} /> : null}
      {caption ? <div style={{ fontSize: 12, textAlign: 'center', marginTop: 4 }}>{caption}</div> : null}
    </div>
  );
  if (!onClick) return face;
  return (
    <UnstyledButton onClick={onClick} disabled={disabled} aria-pressed={selected ?? false} aria-label={label ?? card.name} style={{ borderRadius: 10 }}>
      {face}
    </UnstyledButton>
  );
}

/** Until the card component lands: name, cost, favor and abilities in the affinity's colours. */
function CardFaceFallback({ card, width }: { card: Card; width: number }) {
  const colors = AFFINITY_COLORS[card.affinity];
  return (
    <div style={{ width, aspectRatio: '5 / 7', background: colors.light, color: colors.ink, border: `4px solid ${colors.frame}`, borderRadius: 10, padding: 6, fontSize: 11, overflow: 'hidden', display: 'flex', flexDirection: 'column', gap: 2 }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', fontWeight: 700 }}>
        <span>{card.cost}G{card.additionalCosts?.warTokens ? ` ${card.additionalCosts.warTokens}W` : ''}</span>
        <span>{card.favor}V</span>
      </div>
      <div style={{ fontWeight: 700, fontSize: 12, lineHeight: 1.1 }}>{card.name}</div>
      <div style={{ fontSize: 10 }}>{card.affinity} {card.type}</div>
      {card.abilities.map((a) => (
        <div key={a} style={{ fontSize: 10 }}>{a}</div>
      ))}
    </div>
  );
}

export function GameTribute({ tribute, width = 120 }: { tribute: TributeCard; width?: number }) {
  return (
    <div data-tribute-id={tribute.id} style={{ width, background: '#2a2147', color: '#f7f0e1', border: '3px solid #d9a441', borderRadius: 10, padding: 6, fontSize: 11 }}>
      <div style={{ fontWeight: 700 }}>{tribute.name}</div>
      <div>{tribute.description}</div>
      <div>{tribute.tokens} token{tribute.tokens === 1 ? '' : 's'}</div>
    </div>
  );
}
