/**
 * tRPC subscriptions as test feeds: every delivery is kept in order, and a test waits for the
 * first delivery that matches, or for the refusal the subscription ended with.
 */
import type { WireDelivery, WireUpdate } from '../../src/server/services/game-views.js';
import type { LobbyView } from '../../src/server/services/lobbies.js';
import { applyLobbyListMessage, type LobbyListMessage } from '../../src/shared/lobby-list.js';
import { wholeUpdates } from '../support/game-updates.js';
import { refusalOf, type Refusal } from './roles.js';

interface Observer<T> {
  onStarted: () => void;
  onData: (data: T) => void;
  onError: (error: unknown) => void;
  onComplete: () => void;
}

/** A subscription procedure of the tRPC client, like `client.lobbies.onLobby`. */
interface Subscribable {
  subscribe(input: never, observer: never): unknown;
}
type InputOf<P extends Subscribable> = Parameters<P['subscribe']>[0];
/** What the procedure yields (read from its observer's onData). */
type YieldOf<P extends Subscribable> = P['subscribe'] extends (input: never, opts: infer O) => unknown
  ? O extends { onData?: (data: infer T) => void } ? T : never
  : never;

const WAIT_MS = 10_000;

export class Feed<T> {
  readonly items: T[] = [];
  error: unknown = null;
  completed = false;
  isStarted = false;
  private readonly wakers = new Set<() => void>();
  private readonly subscription: { unsubscribe(): void };

  constructor(start: (observer: Observer<T>) => { unsubscribe(): void }) {
    this.subscription = start({
      onStarted: () => this.wake(() => (this.isStarted = true)),
      onData: (data) => this.wake(() => this.items.push(data)),
      onError: (error) => this.wake(() => (this.error = error)),
      onComplete: () => this.wake(() => (this.completed = true)),
    });
  }

  /** The first delivery that matches (the first delivery, without `match`), waiting at most `waitMs`. */
  until(match: (item: T) => boolean = () => true, waitMs = WAIT_MS): Promise<T> {
    return this.waitFor(() => this.items.find(match), 'a matching delivery', waitMs);
  }

  /** The first `count` deliveries, once they have arrived. */
  count(count: number): Promise<T[]> {
    return this.waitFor(() => (this.items.length >= count ? this.items.slice(0, count) : undefined), `${count} deliveries`);
  }

  /** The refusal the subscription ended with. */
  async refusal(): Promise<Refusal> {
    const error = await this.waitFor(() => this.error ?? undefined, 'an error');
    return refusalOf(error);
  }

  /**
   * Resolves once the server has started the subscription: what is published from then on is
   * delivered (the server listens before it answers that it started).
   */
  async started(): Promise<void> {
    await this.waitFor(() => (this.isStarted ? true : undefined), 'the start of the subscription');
  }

  /** Resolves once the server has ended the subscription. */
  async end(): Promise<void> {
    await this.waitFor(() => (this.completed ? true : undefined), 'the end of the subscription');
  }

  close(): void {
    this.subscription.unsubscribe();
  }

  private wake(update: () => void): void {
    update();
    for (const waker of [...this.wakers]) waker();
  }

  private waitFor<R>(probe: () => R | undefined, what: string, waitMs = WAIT_MS): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const check = () => {
        const value = probe();
        if (value !== undefined) {
          done();
          resolve(value);
        } else if (this.error && what !== 'an error') {
          done();
          reject(new Error(`subscription failed while waiting for ${what}: ${String(this.error)}`));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`timed out waiting for ${what} (${this.items.length} deliveries so far)`));
      }, waitMs);
      const done = () => {
        clearTimeout(timer);
        this.wakers.delete(check);
      };
      this.wakers.add(check);
      check();
    });
  }
}

/** Subscribes to a procedure (`client.lobbies.onLobby`, ...) with its input. */
export function feed<P extends Subscribable>(procedure: P, input: InputOf<P>): Feed<YieldOf<P>> {
  return new Feed<YieldOf<P>>((observer) => procedure.subscribe(input as never, observer as never) as { unsubscribe(): void });
}

/** A client's games.onGame, whose patches `gameFeed` applies. */
interface GameSubscribable {
  subscribe(input: { gameID: string; tab?: string; visible?: boolean }, observer: Partial<Observer<WireDelivery>>): { unsubscribe(): void };
}

/** games.onGame as a feed of whole updates (tests/support/game-updates.ts applies the patches). */
export function gameFeed(procedure: GameSubscribable, input: { gameID: string; tab?: string; visible?: boolean }): Feed<WireUpdate> {
  return new Feed<WireUpdate>((observer) => procedure.subscribe(input, { ...observer, onData: wholeUpdates(observer.onData, observer.onError) }));
}

/** A client's lobbies.onList, whose messages (the whole list, then what changed) are applied in turn. */
interface LobbyListSubscribable {
  subscribe(input: undefined, observer: Partial<Observer<LobbyListMessage<LobbyView>>>): { unsubscribe(): void };
}

/** lobbies.onList as a feed of whole lists, as the site applies its messages. */
export function lobbyListFeed(procedure: LobbyListSubscribable): Feed<LobbyView[]> {
  let list: LobbyView[] | null = null;
  return new Feed<LobbyView[]>((observer) =>
    procedure.subscribe(undefined, {
      ...observer,
      onData: (message) => {
        list = applyLobbyListMessage(list, message);
        observer.onData(list);
      },
    }),
  );
}
