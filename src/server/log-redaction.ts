/**
 * Secrets never reach a log line: the websocket JWT in `/channel?jwt=...` and `/trpc?jwt=...`,
 * OAuth's `code` and `state`, cookies and authorization headers. Every logger the server uses
 * is a child of the one made here.
 */
import type { FastifyRequest } from 'fastify';
import type { Logger } from 'pino';

const CENSOR = '[redacted]';

/** Query parameters whose values are credentials (any case). */
const SECRET_PARAMETERS = new Set(['jwt', 'code', 'state', 'token', 'access_token', 'refresh_token']);

/**
 * A parameter's name as the server reads it (URLSearchParams decodes it): `%6Awt` is `jwt` to the
 * caller's lookup, so it must be to the redaction too (matched as written, such a token was logged).
 */
function parameterName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const hash = url.indexOf('#', start);
  const end = hash < 0 ? url.length : hash;
  const query = url
    .slice(start + 1, end)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      return equals >= 0 && SECRET_PARAMETERS.has(parameterName(pair.slice(0, equals))) ? `${pair.slice(0, equals + 1)}${CENSOR}` : pair;
    })
    .join('&');
  return `${url.slice(0, start + 1)}${query}${url.slice(end)}`;
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
