/**
 * The longest name a person may take, in characters: a name is shown in every lobby list, seat,
 * log line and chart, and must fit there. The server refuses a longer one (services/names.ts);
 * the web client's name fields stop at it.
 */
export const MAX_NAME_LENGTH = 12;
