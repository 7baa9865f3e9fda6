/**
 * A row that scrolls sideways when it is wider than the screen (the trade row, the tributes, a
 * phone's player summaries), with the browser's own scrollbar. It keeps the shape of Mantine's
 * ScrollArea, which it replaces on the game page (5 KB of script for a row): a clipping root, a
 * viewport as wide as the root, and the content as a table at least that wide, so the row's width
 * never widens the page it sits in and a wrapping row still fills it.
 * The viewport takes focus, so a keyboard can scroll it; `label` names it for a screen reader.
 * `focusable={false}` when something inside takes the focus (a row of cards that is one Tab stop):
 * a focused card scrolls into view by itself, and the viewport would be one more Tab stop before it.
 */
import type { ReactNode } from 'react';
import classes from './scroll-row.module.css';

export function ScrollRow({ label, focusable = true, children, className }: { label?: string; focusable?: boolean; children: ReactNode; className?: string }) {
  return (
    <div className={className ? `${classes.root} ${className}` : classes.root}>
      {/* A scrollable region takes focus so a keyboard can scroll it (axe's scrollable-region-focusable). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className={classes.viewport} tabIndex={focusable ? 0 : undefined} role={label ? 'group' : undefined} aria-label={label}>
        <div className={classes.content}>{children}</div>
      </div>
    </div>
  );
}
