/**
 * What the server says when someone joins a lobby they already sit in. The rematch button reads
 * it: pressed a second time (or from a second tab), its join is refused so, and it goes to the
 * lobby all the same.
 */
export const ALREADY_IN_LOBBY = 'You are already in this lobby.';
