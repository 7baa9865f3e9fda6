/** Who is calling a compat route: the session cookie, as for the rest of the site. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../server/db/schema.js';
import type { Services } from '../server/services/services.js';

export async function userOf(services: Services, request: FastifyRequest): Promise<UserRow | null> {
  return services.sessions.validate(services.sessions.tokenFrom(request.headers.cookie));
}

/** The signed-in user, or a 401 sent and null returned. */
export async function requireUser(services: Services, request: FastifyRequest, reply: FastifyReply): Promise<UserRow | null> {
  const user = await userOf(services, request);
  if (!user) void reply.code(401).send({ ok: false, error: 'You must be logged in.' });
  return user;
}
