/**
 * What the live pages say beside 'Reconnecting...' (components/reconnecting-notice.tsx) while
 * their connection is down.
 */

/** The game screen, while the game's turn timer is on: the server's clock does not wait for a page that lost its connection. */
export const CLOCK_RUNS_OFFLINE = 'Your turn clock keeps running while the connection is down.';

/** The lobby's page; every control waiting for the connection names this line (its id) as its reason. */
export const LOBBY_OFFLINE = 'Nothing in this lobby can be changed until the connection is back.';
export const LOBBY_OFFLINE_ID = 'lobby-offline';
