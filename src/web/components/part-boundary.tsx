/**
 * A part of a page that can fail on its own, such as the odds worked out in this browser from a
 * game's record, or a chunk that did not load: its failure is said in its place, and the page
 * around it stays. Without it, a throw in the end view's odds chart took the whole game screen
 * down to "Unexpected Application Error!".
 */
import { Component, type ReactNode } from 'react';
import { notShownWords } from '../lib/code-not-loaded.js';

interface Props {
  /** What the part shows, as the start of the sentence that says it cannot ("The odds over the game"). */
  what: string;
  children: ReactNode;
}

/** What was thrown, boxed: a part may throw anything, null included. */
type Failed = { failed: { error: unknown } | null };

export class PartBoundary extends Component<Props, Failed> {
  override state: Failed = { failed: null };

  static getDerivedStateFromError(error: unknown): Failed {
    return { failed: { error } };
  }

  override render(): ReactNode {
    if (this.state.failed === null) return this.props.children;
    return (
      <p role="status" data-testid="part-failed">
        {notShownWords(this.props.what, this.state.failed.error)}
      </p>
    );
  }
}
