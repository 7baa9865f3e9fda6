/**
 * One cookie's value from a Cookie header: the first of that name, as it was set. Only that
 * cookie is read and nothing is decoded: the server's cookies (the session's token, the OAuth
 * state) are set in characters percent-encoding leaves as they are. Decoding every cookie of the
 * header, as oslo's parser did, threw on one that was not valid percent-encoding
 * (`other=%E0%A4%A`, which any program on the same host name may set), and each request of its
 * visitor was a server fault (tests/server/security-review-22.test.ts).
 */
export function cookieValue(header: string | undefined, name: string): string | null {
  for (const pair of header?.split(';') ?? []) {
    const equals = pair.indexOf('=');
    if (equals >= 0 && pair.slice(0, equals).trim() === name) return pair.slice(equals + 1).trim() || null;
  }
  return null;
}
