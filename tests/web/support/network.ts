/**
 * A browser context whose network a test can take away and give back, as a phone losing its
 * signal does. Chromium taken offline (`context.setOffline`) fails new requests but leaves a
 * websocket already open as it was, its pings answered and its messages delivered, so a page
 * never really lost its live connection. Here the context's websockets go through the test
 * (`routeWebSocket`): taking the network away also closes each open one; new ones fail, as
 * Chromium offline fails them, until it is back.
 */
import type { BrowserContext, WebSocketRoute } from 'playwright-core';

export interface Network {
  /** Offline: HTTP fails, every open websocket closes, and new ones fail. */
  drop(): Promise<void>;
  /** Back online: HTTP and new websockets go through again. */
  restore(): Promise<void>;
  /** Settles when the network is first taken away (a test holds a request back until then). */
  readonly dropped: Promise<void>;
}

/**
 * Call before the context's pages open their websockets (before `goto`). `beforeConnect` runs as
 * each websocket is opened, before it reaches the server (a test holds one back with it).
 */
export async function droppableNetwork(context: BrowserContext, beforeConnect?: () => Promise<void>): Promise<Network> {
  const open = new Set<WebSocketRoute>();
  let wentAway = () => {};
  const dropped = new Promise<void>((resolve) => (wentAway = resolve));
  await context.routeWebSocket(/./, async (socket) => {
    await beforeConnect?.();
    // Made by the page itself (Playwright opens it in the page), so while the context is offline
    // Chromium fails it as a network that is gone fails it: an error, then a close.
    const server = socket.connectToServer();
    open.add(socket);
    // Handling the page's close stops Playwright passing it on: it is passed on here.
    socket.onClose((code, reason) => {
      open.delete(socket);
      // A close the page was given (1005, 1006) is no code a page may close with itself.
      const sendable = code === 1000 || (code !== undefined && code >= 3000 && code <= 4999);
      void server.close(sendable ? { code, reason } : {}).catch(() => undefined);
    });
  });
  return {
    dropped,
    async drop() {
      await context.setOffline(true);
      wentAway();
      const closing = [...open];
      open.clear();
      await Promise.all(closing.map((socket) => socket.close().catch(() => undefined)));
    },
    async restore() {
      await context.setOffline(false);
    },
  };
}
