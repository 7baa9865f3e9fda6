/**
 * Secrets never reach a log line: the websocket JWT in `/channel?jwt=...` and `/trpc?jwt=...`,
 * OAuth's `code` and `state`, cookies and authorization headers. Every logger the server uses
 * is a child of the one made here.
 */
import type { FastifyRequest } from 'fastify';
import type { Logger } from 'pino';

const CENSOR = '[redacted]';

/** Query parameters whose values are credentials. */
const SECRET_PARAMETER = /([?&](?:jwt|code|state|token|access_token|refresh_token)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMETER, `$1${CENSOR}`);
}

/** Fastify's own request fields, with the URL redacted. */
function request(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

export function redacting(log: Logger): Logger {
  return log.child(
    {},
    {
      serializers: { req: request },
      redact: {
        paths: ['req.headers.cookie', 'req.headers.authorization', 'headers.cookie', 'headers.authorization', 'res.headers["set-cookie"]', 'headers["set-cookie"]'],
        censor: CENSOR,
      },
    },
  );
}
