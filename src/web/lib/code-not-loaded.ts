/**
 * How each browser says a lazily loaded chunk did not arrive, and how Vite's loader says its
 * stylesheet did not: the site was updated since the tab opened, so the old file is gone, or the
 * connection dropped. A reload fixes both; trying again fixes a dropped connection once it is back.
 */
export const CODE_NOT_LOADED = /dynamically imported module|Importing a module script failed|Unable to preload CSS/;

export const codeNotLoaded = (error: unknown): boolean => error instanceof Error && CODE_NOT_LOADED.test(error.message);

/** Why code did not arrive, as every place that says so puts it. */
export const NOT_LOADED_WHY = 'Mythos may have been updated since this tab was opened, or the connection dropped.';

/**
 * What a part of a page that failed says in its place, from what it shows ("The odds over the
 * game", "This dialog"): for its code not arriving, why and that a reload helps, in words instead
 * of the browser's ("Failed to fetch dynamically imported module: http://…"); else the error's own.
 */
export function notShownWords(what: string, error: unknown): string {
  if (codeNotLoaded(error)) return `${what} did not load: ${NOT_LOADED_WHY}`;
  return `${what} cannot be shown: ${error instanceof Error ? error.message : String(error)}`;
}
