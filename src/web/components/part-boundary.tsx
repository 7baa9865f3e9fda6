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
import { Component, type ReactNode } from 'react';
import { codeNotLoaded, notShownWords } from '../lib/code-not-loaded.js';
import { tryFailedLoadsAgain } from '../lib/retrying-lazy.js';
import classes from './part-boundary.module.css';

interface Props {
  /** What the part shows, as the start of the sentence that says it cannot ("The odds over the game"). */
  what: string;
  children: ReactNode;
}

/** What was thrown, boxed: a part may throw anything, null included. */
type Failed = { failed: { error: unknown } | null };

export class PartBoundary extends Component<Props, Failed> {
  override state: Failed = { failed: null };

  constructor(props: Props) {
    super(props);
    // Before the part first renders: shown anew (a chat opened again), a part whose load failed loads afresh.
    tryFailedLoadsAgain();
  }

  static getDerivedStateFromError(error: unknown): Failed {
    return { failed: { error } };
  }

  private readonly tryAgain = () => {
    tryFailedLoadsAgain();
    this.setState({ failed: null });
  };

  private readonly backOnline = () => {
    if (this.state.failed !== null && codeNotLoaded(this.state.failed.error)) this.tryAgain();
  };

  override componentDidMount(): void {
    window.addEventListener('online', this.backOnline);
  }

  override componentWillUnmount(): void {
    window.removeEventListener('online', this.backOnline);
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
