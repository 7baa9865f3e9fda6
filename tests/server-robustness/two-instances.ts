/**
 * A person at a site of two instances on one PostgreSQL database: signed in as a guest on `a`,
 * with a tRPC client on each instance (the session cookie and a JWT from `b` are good on both).
 * Apart from helpers.ts, which the load benchmark imports, so that it does not load the app.
 */
import { requestJWT } from '../compat/protocol-client.js';
import { clientFor, signInGuest, type Client, type Guest, type Server } from '../server/support.js';

export interface TwoInstanceUser {
  guest: Guest;
  on: { a: Client; b: Client };
  /** Closes both clients. */
  close(): void;
}

export async function signInOnBoth(a: Server, b: Server, name: string): Promise<TwoInstanceUser> {
  const guest = await signInGuest(a, name);
  const onB = clientFor(b, guest.cookie, await requestJWT(b.url, guest.cookie));
  return {
    guest,
    on: { a: guest.client, b: onB.client },
    close() {
      guest.close();
      onB.close();
    },
  };
}
