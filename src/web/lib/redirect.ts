/** Only same-site paths are followed after login: never `//host`, `/\host` or a full URL. */
export function safeRedirect(raw: string | null): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return '/';
  return /^[\x21-\x7e]*$/.test(raw) ? raw : '/';
}
