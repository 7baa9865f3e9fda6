/**
 * The tRPC context: who is calling (from the session cookie, or a websocket JWT), and the
 * services every procedure is a thin adapter over.
 */
import type { IncomingMessage } from 'node:http';
import type { UserRow } from '../db/schema.js';
import type { Services } from '../services/services.js';

export interface Context {
  services: Services;
  user: UserRow | null;
  isDev: boolean;
}

export async function contextFor(services: Services, req: Pick<IncomingMessage, 'headers' | 'url'>): Promise<Context> {
  let user = await services.sessions.validate(services.sessions.tokenFrom(req.headers.cookie));
  if (!user && req.url) {
    // A websocket client without cookies may pass the JWT from /auth/jwt as a query parameter.
    const jwt = new URL(req.url, 'http://localhost').searchParams.get('jwt');
    const userID = jwt ? await services.jwt.verify(jwt) : null;
    user = userID ? await services.users.get(userID) : null;
  }
  return { services, user, isDev: user ? services.users.isDev(user) : false };
}
