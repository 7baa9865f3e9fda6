/**
 * Whether a live page (a game, a lobby) is connected: its subscription live, and the browser
 * online. The browser's word that it is offline counts at once, as the query library reads it (its
 * `onlineManager`, which also holds queries back while offline): the websocket may take a while to
 * notice, and a page must never say it is offline while its queries carry on, or the other way
 * round. Mantine's `useNetwork`, read before, also followed the connection's speed, and re-rendered
 * the whole game screen at each change of a poor connection.
 */
import { onlineManager } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';

const subscribe = (changed: () => void) => onlineManager.subscribe(changed);
const isOnline = () => onlineManager.isOnline();

/** Whether the browser says it is online (it changes on its `online` and `offline` events). */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, isOnline);
}

/**
 * False while the page's subscription (its tRPC `status`: 'pending' while live), once live, is
 * down and reconnecting, or the browser says it is offline; true while the page's first
 * connection is still being made, which is no drop (the page's data can come over HTTP before the
 * subscription has started, on a busy machine).
 */
export function useConnected(subscriptionStatus: 'idle' | 'connecting' | 'pending' | 'error'): boolean {
  const online = useOnline();
  const subscribed = subscriptionStatus === 'pending';
  const [beenLive, setBeenLive] = useState(subscribed);
  if (subscribed && !beenLive) setBeenLive(true);
  return online && (subscribed || !beenLive);
}

/**
 * The server's refusal of a live page's subscription, as the page says it: its words, and what
 * the page does about it. `wait`: a refusal that passes with time (a limit on how fast pages open
 * or subscribe, or a failure the server did not explain), asked again by itself after a wait
 * that doubles each time, and at once by `retry` (the page's "Try again"); `signed-out`: the
 * session ended meanwhile, and only signing in again helps; `final`: waiting changes nothing (the
 * game or lobby is not there, or not for this person), so the page does not keep asking.
 */
export interface Refusal {
  message: string;
  kind: 'wait' | 'signed-out' | 'final';
  retry: () => void;
}

/** What useLive reads of a tRPC subscription (useSubscription's result). */
export interface LiveSubscription {
  status: 'idle' | 'connecting' | 'pending' | 'error';
  error: { message: string; data?: { code?: string } | null } | null;
  reset: () => void;
}

/** The refusals that no wait undoes (the server's codes). */
const FOR_GOOD = new Set(['NOT_FOUND', 'FORBIDDEN', 'BAD_REQUEST']);

/**
 * How long a refused page waits before asking again, after `tries` refused retries since it last
 * heard from the subscription: 2 s, 4 s, 8 s, 16 s, then every 30 s. Soon enough for a limit of
 * ten seconds to have passed by the third try, and no flood of a server that keeps refusing (a
 * page asking every 2 s would itself keep a limit on opening games from ever passing).
 */
export const retryDelayMs = (tries: number): number => Math.min(2_000 * 2 ** tries, 30_000);

/**
 * A subscription the server refused, asked again by itself where waiting may help (after
 * retryDelayMs), with `refusal` to show meanwhile (null while none). A refused subscription stays
 * refused: the websocket reconnects by itself, but tRPC asks again only for subscriptions still
 * open, so what a page was told live (a chat, a rematch offer) stopped coming for good after a
 * drop whose re-subscription was refused. `heard` goes in the subscription's onData: a
 * subscription that brings data again starts the wait over at its shortest.
 *
 * While it is asked again ('connecting' after `retry`), the last refusal stays, until the
 * subscription is live again or refused anew: the page said "Reconnecting..." for a moment at
 * each retry, its notice gone and back. A drop of a live subscription is no retry, and says
 * "Reconnecting..." as before.
 */
export function useRetried(subscription: LiveSubscription): { refusal: Refusal | null; heard: () => void } {
  const { status, error, reset } = subscription;
  const tries = useRef(0);
  const heard = useCallback(() => {
    tries.current = 0;
  }, []);
  const code = status === 'error' ? (error?.data?.code ?? null) : null;
  const kind: Refusal['kind'] | null = status !== 'error' ? null : code === 'UNAUTHORIZED' ? 'signed-out' : code !== null && FOR_GOOD.has(code) ? 'final' : 'wait';
  const message = error?.message ?? '';
  // The refusal a retry asked over, with the reset it asked with: another subscription (the page
  // moved to another game) starts with nothing kept. Gone once the subscription is live again.
  const [kept, setKept] = useState<{ kind: Refusal['kind']; message: string; reset: () => void } | null>(null);
  if (kept !== null && (status === 'pending' || status === 'idle')) setKept(null);
  const retry = useCallback(() => {
    tries.current += 1;
    if (kind !== null) setKept({ kind, message, reset });
    reset();
  }, [kind, message, reset]);
  // One wait for each refusal (a new error), cleared when the subscription is asked again meanwhile.
  useEffect(() => {
    if (kind !== 'wait') return;
    const timer = setTimeout(retry, retryDelayMs(tries.current));
    return () => clearTimeout(timer);
  }, [kind, error, retry]);
  const asking = status === 'connecting' && kept !== null && kept.reset === reset ? kept : null;
  const shownKind = kind ?? asking?.kind ?? null;
  const shownMessage = kind !== null ? message : (asking?.message ?? '');
  const refusal = useMemo(() => (shownKind === null ? null : { message: shownMessage, kind: shownKind, retry }), [shownKind, shownMessage, retry]);
  return { refusal, heard };
}

/**
 * Calls `caughtUp` each time `connected` comes back after a drop (not at the first connection): a
 * restarted subscription starts from the next change, and what happened meanwhile came to nobody
 * here, so the page asks for it.
 */
export function useBackFromDrop(connected: boolean, caughtUp: () => void): void {
  const was = useRef(connected);
  useEffect(() => {
    if (connected && !was.current) caughtUp();
    was.current = connected;
  }, [connected, caughtUp]);
}

/**
 * A live page's connection: `connected` (useConnected), and `refusal` while the server refuses
 * the page's subscription, which is asked again meanwhile (useRetried): a page refused after a
 * drop said 'Reconnecting...' for good, with its connection back.
 */
export function useLive(subscription: LiveSubscription): { connected: boolean; refusal: Refusal | null; heard: () => void } {
  const up = useConnected(subscription.status);
  const { refusal, heard } = useRetried(subscription);
  return { connected: up && refusal === null, refusal, heard };
}
