/**
 * A local OAuth 2 provider for tests, in the shape of Discord's and Google's: an authorize
 * endpoint that signs the (pretend) person in and sends them back with a code and the state, a
 * token endpoint that checks the code, the client secret, the redirect URI and the PKCE verifier,
 * and a user endpoint that answers for a valid access token.
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OAuthProviderConfig } from '../../src/server/config.js';

interface Grant {
  clientId: string;
  redirectURI: string;
  challenge: string;
  profile: Record<string, unknown>;
}

export interface FakeProvider {
  config: OAuthProviderConfig;
  /** The profile the next person to authorize signs in as. */
  signInAs(profile: Record<string, unknown>): void;
  /** What the provider saw: the authorize requests' query and the token requests' form. */
  authorizeRequests: URLSearchParams[];
  tokenRequests: URLSearchParams[];
  close(): Promise<void>;
}

const base64url = (bytes: Buffer) => bytes.toString('base64url');

async function bodyOf(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

export async function startFakeProvider(clientId = 'test-client', clientSecret = 'test-secret'): Promise<FakeProvider> {
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, Record<string, unknown>>();
  const authorizeRequests: URLSearchParams[] = [];
  const tokenRequests: URLSearchParams[] = [];
  let profile: Record<string, unknown> = {};

  const server = http.createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://provider.test');
      const json = (status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (url.pathname === '/authorize') {
        const q = url.searchParams;
        authorizeRequests.push(q);
        if (q.get('response_type') !== 'code' || q.get('client_id') !== clientId || q.get('code_challenge_method') !== 'S256') {
          return json(400, { error: 'invalid_request' });
        }
        const code = base64url(randomBytes(12));
        grants.set(code, { clientId, redirectURI: q.get('redirect_uri')!, challenge: q.get('code_challenge')!, profile });
        const back = new URL(q.get('redirect_uri')!);
        back.searchParams.set('code', code);
        back.searchParams.set('state', q.get('state')!);
        return response.writeHead(302, { location: back.toString() }).end();
      }
      if (url.pathname === '/token' && request.method === 'POST') {
        const form = new URLSearchParams(await bodyOf(request));
        tokenRequests.push(form);
        const grant = grants.get(form.get('code') ?? '');
        grants.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        const valid =
          grant &&
          form.get('grant_type') === 'authorization_code' &&
          form.get('client_id') === grant.clientId &&
          form.get('client_secret') === clientSecret &&
          form.get('redirect_uri') === grant.redirectURI &&
          base64url(createHash('sha256').update(verifier).digest()) === grant.challenge;
        if (!valid) return json(400, { error: 'invalid_grant' });
        const accessToken = base64url(randomBytes(12));
        tokens.set(accessToken, grant.profile);
        return json(200, { access_token: accessToken, token_type: 'Bearer', expires_in: 3600 });
      }
      if (url.pathname === '/user') {
        const found = tokens.get((request.headers.authorization ?? '').replace(/^Bearer /, ''));
        return found ? json(200, found) : json(401, { error: 'invalid_token' });
      }
      return json(404, { error: 'not_found' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    config: { clientId, clientSecret, authorizeEndpoint: `${url}/authorize`, tokenEndpoint: `${url}/token`, userEndpoint: `${url}/user` },
    signInAs(next) {
      profile = next;
    },
    authorizeRequests,
    tokenRequests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
