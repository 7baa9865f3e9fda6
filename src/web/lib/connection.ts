/**
 * Whether a live page (a game, a lobby) is connected: its subscription live, and the browser
 * online. The browser's word that it is offline counts at once, as the query library reads it (its
 * `onlineManager`, which also holds queries back while offline): the websocket may take a while to
 * notice, and a page must never say it is offline while its queries carry on, or the other way
 * round. Mantine's `useNetwork`, read before, also followed the connection's speed, and re-rendered
 * the whole game screen at each change of a poor connection.
 */
import { onlineManager } from '@tanstack/react-query';
import { useState, useSyncExternalStore } from 'react';

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
