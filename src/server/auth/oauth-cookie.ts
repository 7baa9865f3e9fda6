/**
 * The cookie that carries an OAuth login from its start (`/auth/discord`) to the provider's
 * callback: the state, the PKCE verifier and where to go afterwards. Cookies are not bound to a
 * port, so a page served on another port of the same host can set this one: it is signed (HMAC
 * SHA-256 with the session secret) and expires on the server as well as in the browser, and the
 * redirect it carries is checked again when it is followed, as the guest login checks its own.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const OAUTH_COOKIE = 'mythos_oauth';
/** Ten minutes to sign in at the provider and come back. */
export const OAUTH_COOKIE_SECONDS = 600;

export interface OAuthLogin {
  state: string;
  codeVerifier: string;
  redirect: string;
}

interface Payload extends OAuthLogin {
  /** When the login started (ms since the epoch). */
  at: number;
}

const isPayload = (value: unknown): value is Payload => {
  if (typeof value !== 'object' || value === null) return false;
  const { state, codeVerifier, redirect, at } = value as Record<string, unknown>;
  return typeof state === 'string' && typeof codeVerifier === 'string' && typeof redirect === 'string' && typeof at === 'number';
};

export class OAuthCookieSigner {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly now: () => number,
  ) {
    // A key of its own, so a value signed here can never pass for a JWT signature or the reverse.
    this.key = createHmac('sha256', secret).update('mythos oauth cookie').digest();
  }

  private mac(payload: string): Buffer {
    return createHmac('sha256', this.key).update(payload).digest();
  }

  /** The cookie's value: the login as base64url JSON, a dot, and its MAC. */
  sign(login: OAuthLogin): string {
    const payload = Buffer.from(JSON.stringify({ ...login, at: this.now() } satisfies Payload)).toString('base64url');
    return `${payload}.${this.mac(payload).toString('base64url')}`;
  }

  /** The login a cookie value carries, or null if it is missing, malformed, not ours or expired. */
  read(value: string | undefined): OAuthLogin | null {
    const [payload, mac, extra] = value?.split('.') ?? [];
    if (!payload || !mac || extra !== undefined) return null;
    const given = Buffer.from(mac, 'base64url');
    const expected = this.mac(payload);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(payload, 'base64url').toString());
    } catch {
      return null;
    }
    if (!isPayload(parsed)) return null;
    if (this.now() - parsed.at > OAUTH_COOKIE_SECONDS * 1_000) return null;
    return { state: parsed.state, codeVerifier: parsed.codeVerifier, redirect: parsed.redirect };
  }
}
