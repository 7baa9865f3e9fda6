/**
 * A plain client of the documented protocol for the compat tests: fetch for REST,
 * GraphQL and /auth, the `ws` package for /channel. It knows nothing of the server's code.
 */
import WebSocket from 'ws';

export interface Reply {
  status: number;
  contentType: string | null;
  text: string;
  json: any;
}

async function reply(response: Response): Promise<Reply> {
  const text = await response.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: response.status, contentType: response.headers.get('content-type'), text, json };
}

export interface Caller {
  cookie: string | null;
  /** A JSON call: `body` is sent as JSON when given. */
  call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Reply>;
  /** A call with a body sent exactly as given. */
  raw(method: 'GET' | 'POST', path: string, body: string | undefined, headers?: Record<string, string>): Promise<Reply>;
  graphql(query: string, variables?: unknown): Promise<Reply>;
}

export function caller(baseURL: string, cookie: string | null): Caller {
  const withCookie = (headers: Record<string, string>) => (cookie ? { ...headers, cookie } : headers);
  return {
    cookie,
    async call(method, path, body) {
      const headers = withCookie(body === undefined ? {} : { 'content-type': 'application/json' });
      return reply(await fetch(`${baseURL}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), redirect: 'manual' }));
    },
    async raw(method, path, body, headers = {}) {
      return reply(await fetch(`${baseURL}${path}`, { method, headers: withCookie(headers), body, redirect: 'manual' }));
    },
    async graphql(query, variables) {
      const params = new URLSearchParams({ query });
      if (variables !== undefined) params.set('variables', JSON.stringify(variables));
      return reply(await fetch(`${baseURL}/api/graphql?${params}`, { headers: withCookie({}) }));
    },
  };
}

export interface Session extends Caller {
  cookie: string;
  userID: string;
  jwt: string;
}

/** The subject of a JWT (the user id), read without checking it. */
export function jwtSubject(jwt: string): string {
  return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()).sub;
}

/**
 * The websocket JWT of a session, as a protocol client asks for it: GET /auth/jwt with the
 * cookie and the X-Mythos-Client header; the answer is `{"ok": true, "jwt": ...}`.
 */
export async function requestJWT(baseURL: string, cookie: string, extraHeaders: Record<string, string> = {}): Promise<string> {
  const response = await fetch(`${baseURL}/auth/jwt`, { headers: { cookie, 'x-mythos-client': 'test', ...extraHeaders } });
  if (response.status !== 200) throw new Error(`GET /auth/jwt answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { jwt: string }).jwt;
}

/** Signs in through POST /auth/guest; the user id comes from the websocket JWT's subject. */
export async function guest(baseURL: string, name: string): Promise<Session> {
  const login = await fetch(`${baseURL}/auth/guest`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: name, password: 'guest', redirect: '/' }),
    redirect: 'manual',
  });
  if (login.status !== 303) throw new Error(`guest login failed: ${login.status} ${await login.text()}`);
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  const jwt = await requestJWT(baseURL, cookie);
  return { ...caller(baseURL, cookie), cookie, jwt, userID: jwtSubject(jwt) };
}

export interface Channel {
  socket: WebSocket;
  received: any[];
  send(message: unknown): void;
  sendRaw(text: string): void;
  /** The first message received (from `from` on) that matches. */
  until(predicate: (m: any) => boolean, options?: { from?: number; ms?: number }): Promise<any>;
  /** Sends a message (an object as JSON, a string as is) and returns the next message received. */
  ask(message: unknown): Promise<any>;
  /**
   * Sends a message that gets no answer and returns whatever arrived once the server has handled
   * it (`handled`) and `ms` more have passed (for a delivery it might have set off).
   */
  quiet(message: unknown, ms?: number): Promise<any[]>;
  /**
   * Resolves once the server has handled every message sent before (or the socket has closed).
   * The server handles a socket's messages one at a time, in order, and a subscribe to a lobby or
   * a chat room has no answer: a client that must not miss the changes it is about to make asks
   * something whose answer it knows (the unsubscribe of a topic of no known form) and waits for
   * that. The answer is taken out of `received`.
   */
  handled(): Promise<void>;
  close(): Promise<void>;
}

/** A topic of no form the server knows: its unsubscribe is answered with an error, and nothing else. */
const HANDLED_TOPIC = 'handled';

/** A /channel socket (optionally with ?jwt= or a cookie) that records every message it gets. */
export async function channel(baseURL: string, auth: { jwt?: string; cookie?: string } = {}): Promise<Channel> {
  const query = auth.jwt !== undefined ? `?jwt=${encodeURIComponent(auth.jwt)}` : '';
  const socket = new WebSocket(`${baseURL.replace('http', 'ws')}/channel${query}`, { headers: auth.cookie ? { cookie: auth.cookie } : {} });
  const received: any[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (raw) => {
    received.push(JSON.parse(raw.toString()));
    for (const wake of waiters) wake();
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const until = async (predicate: (m: any) => boolean, options: { from?: number; ms?: number; orClosed?: boolean } = {}) => {
    const deadline = Date.now() + (options.ms ?? 10_000);
    for (;;) {
      const found = received.slice(options.from ?? 0).find(predicate);
      if (found) return found;
      if (options.orClosed && socket.readyState !== WebSocket.OPEN) return undefined;
      if (Date.now() > deadline) throw new Error(`timed out waiting for a channel message; got ${JSON.stringify(received.slice(-3)).slice(0, 500)}`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          waiters.delete(wake);
          resolve();
        };
        waiters.add(wake);
        setTimeout(wake, options.orClosed ? 20 : 200);
      });
    }
  };
  const handled = async () => {
    if (socket.readyState !== WebSocket.OPEN) return;
    const from = received.length;
    socket.send(JSON.stringify({ type: 'unsubscribe', topic: HANDLED_TOPIC }));
    const answer = await until((m) => m.type === 'error' && m.message === `Unknown topic: ${HANDLED_TOPIC}`, { from, orClosed: true });
    if (answer !== undefined) received.splice(received.indexOf(answer), 1);
  };
  return {
    socket,
    received,
    send: (message) => socket.send(JSON.stringify(message)),
    sendRaw: (text) => socket.send(text),
    until,
    async ask(message) {
      const from = received.length;
      socket.send(typeof message === 'string' ? message : JSON.stringify(message));
      return until(() => true, { from });
    },
    handled,
    async quiet(message, ms = 150) {
      const from = received.length;
      socket.send(typeof message === 'string' ? message : JSON.stringify(message));
      await handled();
      // Time for answers that must not come: what came in `ms` is what it returns.
      await new Promise((resolve) => setTimeout(resolve, ms));
      return received.slice(from);
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (socket.readyState === WebSocket.CLOSED) return resolve();
        socket.once('close', () => resolve());
        socket.close();
      }),
  };
}
