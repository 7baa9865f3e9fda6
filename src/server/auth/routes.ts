/**
 * The auth endpoints: guest login, logout, the websocket JWT, change name,
 * and Discord and Google OAuth (oslo) with configurable provider endpoints.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { OAuth2Client, generateCodeVerifier, generateState } from 'oslo/oauth2';
import { serializeCookie } from 'oslo/cookie';
import type { OAuthProviderConfig } from '../config.js';
import { clientAddress } from '../client-address.js';
import type { UserRow } from '../db/schema.js';
import { plainRefusalHandler } from '../http-errors.js';
import { refuse } from '../services/errors.js';
import { requestRefusal, type Services } from '../services/services.js';
import { callerOf } from './caller.js';
import { cookieValue } from './cookie-value.js';
import { tokenRequestRefusal } from './token-requests.js';
import { OAUTH_COOKIE, OAUTH_COOKIE_SECONDS } from './oauth-cookie.js';

/** Control characters: browsers drop tabs and newlines from a URL, so `/<tab>/x` reads as `//x`. */
const hasControlCharacter = (text: string) => [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/**
 * Only same-site paths are followed after login, never another site: not `//x`, nor `/\x`
 * (browsers read a backslash as a slash), nor a path with control characters. What is followed
 * is plain ASCII, fit for a Location header: spaces and other characters are percent-encoded
 * (`/lobby/é` -> `/lobby/%C3%A9`), and a path that cannot be encoded goes home.
 */
export function safeRedirect(raw: unknown): string {
  if (typeof raw !== 'string' || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\') || hasControlCharacter(raw)) return '/';
  try {
    return raw.replace(/[^\x21-\x7e]+/gu, (run) => encodeURIComponent(run));
  } catch {
    // A lone surrogate has no UTF-8 encoding.
    return '/';
  }
}

async function signIn(services: Services, reply: FastifyReply, user: UserRow): Promise<void> {
  const token = await services.sessions.create(user.id);
  reply.header('set-cookie', services.sessions.cookie.createCookie(token).serialize());
}

/** The /auth routes answer their refusals as plain text (http-errors.ts). */
const PLAIN_REFUSALS = { errorHandler: plainRefusalHandler };

interface ProviderProfile {
  id: string;
  name: string;
  picture: string | null;
}

const PROVIDERS = {
  discord: {
    label: 'Discord',
    scopes: ['identify'],
    profile: (body: Record<string, unknown>): ProviderProfile => ({
      id: String(body.id),
      name: String(body.global_name ?? body.username ?? 'Discord user'),
      picture: body.avatar ? `https://cdn.discordapp.com/avatars/${String(body.id)}/${String(body.avatar)}.png` : null,
    }),
  },
  google: {
    label: 'Google',
    scopes: ['openid', 'profile'],
    profile: (body: Record<string, unknown>): ProviderProfile => ({
      id: String(body.sub),
      name: String(body.given_name ?? body.name ?? 'Google user'),
      picture: typeof body.picture === 'string' ? body.picture : null,
    }),
  },
} as const;

function registerProvider(app: FastifyInstance, services: Services, key: keyof typeof PROVIDERS, config: OAuthProviderConfig | null): void {
  const provider = PROVIDERS[key];
  const redirectURI = `${services.config.publicUrl}/auth/${key}/callback`;
  const client = config ? new OAuth2Client(config.clientId, config.authorizeEndpoint, config.tokenEndpoint, { redirectURI }) : null;

  app.get(`/auth/${key}`, PLAIN_REFUSALS, async (request, reply) => {
    if (!client) throw refuse('NOT_FOUND', `${provider.label} login is not configured.`);
    const state = generateState();
    const codeVerifier = generateCodeVerifier();
    const url = await client.createAuthorizationURL({ state, codeVerifier, scopes: [...provider.scopes] });
    const redirect = safeRedirect((request.query as { redirect?: unknown }).redirect);
    const value = services.oauthCookie.sign({ state, codeVerifier, redirect });
    reply.header('set-cookie', serializeCookie(OAUTH_COOKIE, value, { httpOnly: true, sameSite: 'lax', path: '/', maxAge: OAUTH_COOKIE_SECONDS, secure: services.config.publicUrl.startsWith('https:') }));
    return reply.redirect(url.toString());
  });

  app.get(`/auth/${key}/callback`, PLAIN_REFUSALS, async (request, reply) => {
    if (!client || !config) throw refuse('NOT_FOUND', `${provider.label} login is not configured.`);
    const { code, state } = request.query as { code?: string; state?: string };
    const saved = services.oauthCookie.read(cookieValue(request.headers.cookie, OAUTH_COOKIE) ?? undefined);
    if (!code || !state || !saved || saved.state !== state) throw refuse('BAD_REQUEST', 'Login failed: the sign-in link expired. Try again.');
    // Each code is sent to the provider: a replayed callback must not make the server call it without end.
    if (!(await services.providerLogins.take(clientAddress(request.raw, services.config.trustProxy)))) {
      throw refuse('TOO_MANY_REQUESTS', 'Too many sign-ins from your address. Try again in a few minutes.');
    }
    let profile: ProviderProfile;
    try {
      const tokens = await client.validateAuthorizationCode(code, { codeVerifier: saved.codeVerifier, credentials: config.clientSecret, authenticateWith: 'request_body' });
      const response = await fetch(config.userEndpoint, { headers: { authorization: `Bearer ${tokens.access_token}` } });
      if (!response.ok) throw new Error(`user endpoint answered ${response.status}`);
      profile = provider.profile((await response.json()) as Record<string, unknown>);
    } catch (error) {
      // The provider's refusal (or its outage) is the caller's to retry; our own failures below are not.
      request.log.warn({ err: error }, `${key} login failed`);
      throw refuse('BAD_REQUEST', `Login failed: ${provider.label} did not confirm the sign-in.`);
    }
    const user = await services.users.upsertOAuth(key, profile.id, profile.name, profile.picture, clientAddress(request.raw, services.config.trustProxy));
    await signIn(services, reply, user);
    reply.header('set-cookie', serializeCookie(OAUTH_COOKIE, '', { path: '/', maxAge: 0 }));
    // Signed by us, and checked again all the same: a redirect is followed only as a plain same-site path.
    return reply.redirect(safeRedirect(saved.redirect));
  });
}

export function registerAuthRoutes(app: FastifyInstance, services: Services): void {
  /**
   * A route outside /api and /trpc that does their kind of work counts as a request as they do:
   * signing in and out too, each a database statement or two (a refused sign-in's count is one on
   * PostgreSQL, a logout with any cookie deleted its session and told every instance), which one
   * address could otherwise ask for without end.
   */
  const countRequest = (request: FastifyRequest) => {
    const tooMany = requestRefusal(services.requests, clientAddress(request.raw, services.config.trustProxy));
    if (tooMany) throw refuse('TOO_MANY_REQUESTS', tooMany);
  };
  app.post('/auth/guest', PLAIN_REFUSALS, async (request, reply) => {
    countRequest(request);
    const body = (request.body ?? {}) as { username?: unknown; redirect?: unknown };
    // Where to go is settled before the account exists: a refusal leaves no user behind.
    const redirect = safeRedirect(body.redirect);
    const user = await services.users.createGuest(body.username, clientAddress(request.raw, services.config.trustProxy));
    await signIn(services, reply, user);
    return reply.redirect(redirect, 303);
  });

  app.get('/auth/logout', PLAIN_REFUSALS, async (request, reply) => {
    // A GET (as the protocol has it), which the cross-site check on writes does not cover: a link
    // or an image on another site would log the visitor out (a guest for good). Browsers name the
    // site a request comes from; only our own pages, or the address bar ('none'), may log out.
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site' || site === 'same-site') return reply.code(403).type('text/plain').send('Cross-site request refused.');
    countRequest(request);
    const token = services.sessions.tokenFrom(request.headers.cookie);
    // Its sockets go too, on every instance, however they were signed in (cookie or token); a
    // session that was not there has none, and no instance is told of it.
    if (token && (await services.sessions.delete(token))) await services.sessionSockets.ended(services.sessions.idOf(token));
    reply.header('set-cookie', services.sessions.cookie.createBlankCookie().serialize());
    return reply.redirect('/');
  });

  app.get('/auth/jwt', PLAIN_REFUSALS, async (request) => {
    // Only to the site's own fetch, or a protocol client: never to another page's script tag.
    const refusal = tokenRequestRefusal(request.headers, services.config.publicUrl);
    if (refusal) throw refuse('FORBIDDEN', refusal);
    // It reads the session and writes nothing, but a page asks for it once: under the request limit as the API is.
    countRequest(request);
    // Issued only against the cookie's session (an HTTP call never reads a JWT), so a token never renews itself.
    const { sessionID } = await callerOf(services, request, 'http');
    const jwt = sessionID ? await services.jwt.issue(sessionID) : null;
    if (!jwt) throw refuse('UNAUTHORIZED', 'You must be logged in.');
    return { ok: true, jwt };
  });

  app.post('/auth/change-name', PLAIN_REFUSALS, async (request) => {
    // The same write as tRPC's session.rename, under the same per-address request limit.
    countRequest(request);
    const { user } = await callerOf(services, request, 'http');
    if (!user) throw refuse('UNAUTHORIZED', 'You must be logged in.');
    const renamed = await services.users.rename(user, (request.body as { newName?: unknown } | null)?.newName);
    return { ok: true, name: renamed.name };
  });

  registerProvider(app, services, 'discord', services.config.discord);
  registerProvider(app, services, 'google', services.config.google);
}
