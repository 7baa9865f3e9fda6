/**
 * What the live pages say beside 'Reconnecting...' (components/reconnecting-notice.tsx) while
 * their connection is down, and in its place while the server refuses the page's subscription.
 */

/** The game screen, while the game's turn timer is on: the server's clock does not wait for a page that lost its connection. */
export const CLOCK_RUNS_OFFLINE = 'Your turn clock keeps running while the connection is down.';

/** The lobby's page; every control waiting for the connection names this line (its id) as its reason. */
export const LOBBY_OFFLINE = 'Nothing in this lobby can be changed until the connection is back.';
export const LOBBY_OFFLINE_ID = 'lobby-offline';
/** The same line, where the server refuses the page because its person was signed out meanwhile: no connection will bring the lobby back. */
export const LOBBY_SIGNED_OUT = 'Nothing in this lobby can be changed until you sign in again.';

/** The badge in 'Reconnecting...''s place while the server refuses the page's subscription (its own words beside it). */
export const REFUSED_BADGE = 'Not live';

/** After the server's words, where the refusal may pass with time (a limit on how fast pages open): the page asks again by itself. */
export const REFUSED_RETRYING = 'The page keeps trying again by itself.';

/** After the server's words, where waiting will not change them (not found, not allowed). */
export const REFUSED_FOR_GOOD = 'Waiting will not change this.';

/** The button that asks again at once. */
export const TRY_AGAIN = 'Try again';

/** After the server's words, where the session has ended (signed out in another tab, say): the link that signs in again and comes back. */
export const SIGN_IN_AGAIN = 'Sign in again';
