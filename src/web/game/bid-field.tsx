/**
 * The military bid's number box: whole numbers only, a leading minus allowed (what is typed is
 * clamped by the caller), ArrowUp and ArrowDown step it by one as do its small arrows (hidden for a
 * finger), and Enter sends the bid as a form's field would (`onEnter`). It behaves as Mantine's
 * NumberInput did with `allowDecimal={false}` and `clampBehavior="none"`, without
 * react-number-format (12 KB gzip of the game's first load).
 */
import { useRef, type PointerEvent } from 'react';
import { InputBase, UnstyledButton } from '@mantine/core';
import classes from './bid-field.module.css';

/** What the box accepts as typed: an optional leading minus, then digits. */
const TYPED = /^-?\d*$/;

/** The number the box holds, or null while it holds none ('' or a lone '-'). */
function held(typed: string | number): number | null {
  if (typeof typed === 'number') return typed;
  return typed === '' || typed === '-' ? null : Number(typed);
}

/**
 * One step up or down from what is typed, as NumberInput stepped: from an empty box, the nearest
 * bid to 0; from a lone minus, none (null); otherwise by one, going no further than `max` up or
 * `min` down.
 */
export function stepBid(typed: string | number, direction: 1 | -1, min: number, max: number): number | null {
  if (typed === '-') return null;
  const n = held(typed);
  if (n === null) return Math.min(max, Math.max(min, 0));
  return direction === 1 ? Math.min(n + 1, max) : Math.max(n - 1, min);
}

export interface BidFieldProps {
  min: number;
  max: number;
  /** What the box shows: a number, or the text as typed. */
  value: string | number;
  onChange: (typed: string | number) => void;
  onBlur: () => void;
  hideControls: boolean;
  /** Enter in the box: the bid sent, as Submit sends it. Absent while Submit cannot be pressed. */
  onEnter?: () => void;
  /** The id of the words that describe the box (the bid's range beside it). */
  describedBy?: string;
}

function Chevron() {
  return (
    <svg className={classes.chevron} viewBox="0 0 15 15" fill="none" xmlns="http://www.w3.org/2000/svg">
      <path
        d="M3.13523 6.15803C3.3241 5.95657 3.64052 5.94637 3.84197 6.13523L7.5 9.56464L11.158 6.13523C11.3595 5.94637 11.6759 5.95657 11.8648 6.15803C12.0536 6.35949 12.0434 6.67591 11.842 6.86477L7.84197 10.6148C7.64964 10.7951 7.35036 10.7951 7.15803 10.6148L3.15803 6.86477C2.95657 6.67591 2.94637 6.35949 3.13523 6.15803Z"
        fill="currentColor"
        fillRule="evenodd"
        clipRule="evenodd"
      />
    </svg>
  );
}

export function BidField({ min, max, value, onChange, onBlur, hideControls, onEnter, describedBy }: BidFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const n = held(value);
  const step = (direction: 1 | -1) => {
    const next = stepBid(value, direction, min, max);
    if (next === null) return;
    onChange(next);
    // The caret after the number, as a typed step leaves it.
    setTimeout(() => input.current?.setSelectionRange(input.current.value.length, input.current.value.length), 0);
  };
  const control = (direction: 1 | -1) => (
    <UnstyledButton
      className={classes.control}
      tabIndex={-1}
      aria-hidden
      data-direction={direction === 1 ? 'up' : 'down'}
      disabled={n !== null && (direction === 1 ? n >= max : n <= min)}
      onMouseDown={(event) => event.preventDefault()}
      onPointerDown={(event: PointerEvent) => {
        event.preventDefault();
        input.current?.focus();
        step(direction);
      }}
    >
      <Chevron />
    </UnstyledButton>
  );
  return (
    <InputBase
      ref={input}
      className={classes.root}
      aria-label="Military bid"
      // Mantine's own aria attributes (from a wrapper's description, which this box has none of)
      // would replace the description given here.
      withAria={false}
      aria-describedby={describedBy}
      size="xs"
      w={80}
      type="text"
      // A whole number of military: a phone's digits pad, not the decimal one with its point.
      inputMode="numeric"
      placeholder="No bid"
      value={String(value)}
      onChange={(event) => {
        const typed = event.currentTarget.value;
        if (TYPED.test(typed)) onChange(typed);
      }}
      onKeyDown={(event) => {
        // (Not the Enter that ends an input method's composition: that one only sets the text.)
        if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
          event.preventDefault();
          onEnter?.();
          return;
        }
        if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
        event.preventDefault();
        step(event.key === 'ArrowUp' ? 1 : -1);
      }}
      // What it holds is chosen when the box is reached, so a bid typed there replaces the 0 (not "01").
      onFocus={(event) => event.currentTarget.select()}
      onBlur={onBlur}
      rightSectionWidth="calc(1.0625rem * var(--mantine-scale))"
      rightSection={
        // No arrows while the box holds a lone minus: there is no number to step from.
        hideControls || value === '-' ? null : (
          <div className={classes.controls} data-bid-controls>
            {control(1)}
            {control(-1)}
          </div>
        )
      }
    />
  );
}
