/**
 * What every boundary around lazily loaded code does with a part that did not arrive (a dialog,
 * a part of a page): it keeps the failure to say in its place, and tries again (lib/retrying-lazy.tsx)
 * when asked to, or by itself when the browser says it is back online, if the boundary says the
 * part is still wanted then (a closed dialog is not: it would load code nobody asked for).
 */
import { Component } from 'react';
import { codeNotLoaded } from './code-not-loaded.js';
import { tryFailedLoadsAgain } from './retrying-lazy.js';

/** What was thrown, boxed: a part may throw anything, null included. */
export type Failed = { failed: { error: unknown } | null };

export abstract class LoadAgainBoundary<Props> extends Component<Props, Failed> {
  override state: Failed = { failed: null };

  static getDerivedStateFromError(error: unknown): Failed {
    return { failed: { error } };
  }

  /** Each part whose load failed loads afresh, and the boundary draws its part again. */
  protected readonly tryAgain = () => {
    tryFailedLoadsAgain();
    this.setState({ failed: null });
  };

  /** Whether the part is still wanted, to be tried again as the browser comes back online. */
  protected wantedOnline(): boolean {
    return true;
  }

  private readonly backOnline = () => {
    if (this.state.failed !== null && codeNotLoaded(this.state.failed.error) && this.wantedOnline()) this.tryAgain();
  };

  override componentDidMount(): void {
    window.addEventListener('online', this.backOnline);
  }

  override componentWillUnmount(): void {
    window.removeEventListener('online', this.backOnline);
  }
}
