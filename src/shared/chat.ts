/**
 * The chat's limits, read by the server (which refuses a longer message) and by the web client's
 * message box (which stops typing there), so the two never disagree. In src/shared, with no
 * imports, so the web client reads them without importing server code.
 */

/** The most characters a chat message may have, once trimmed. */
export const MAX_CHAT_MESSAGE_LENGTH = 500;
