/**
 * A part of a page that can fail on its own, such as the odds worked out in this browser from a
 * game's record, or a chunk that did not load: its failure is said in its place, and the page
 * around it stays. Without it, a throw in the end view's odds chart took the whole game screen
 * down to "Unexpected Application Error!".
 *
 * A part whose code did not arrive loads again (lib/retrying-lazy.tsx) when it is asked for
 * again: shown anew (a chat opened again), Try again pressed, or the browser back online. A
 * dropped connection, once back, needs no reload of the page.
 */
import type { ReactNode } from 'react';
import { codeNotLoaded, notShownWords } from '../lib/code-not-loaded.js';
import { LoadAgainBoundary } from '../lib/load-again-boundary.js';
import { tryFailedLoadsAgain } from '../lib/retrying-lazy.js';
import classes from './part-boundary.module.css';

interface Props {
  /** What the part shows, as the start of the sentence that says it cannot ("The odds over the game"). */
  what: string;
  children: ReactNode;
}

export class PartBoundary extends LoadAgainBoundary<Props> {
  constructor(props: Props) {
    super(props);
    // Before the part first renders: shown anew (a chat opened again), a part whose load failed loads afresh.
    tryFailedLoadsAgain();
  }

  override render(): ReactNode {
    const { failed } = this.state;
    if (failed === null) return this.props.children;
    return (
      <div className={classes.failed}>
        <p role="status" data-testid="part-failed">
          {notShownWords(this.props.what, failed.error)}
        </p>
        {codeNotLoaded(failed.error) ? (
          <button type="button" className={classes.tryAgain} onClick={this.tryAgain}>
            Try again
          </button>
        ) : null}
      </div>
    );
  }
}
