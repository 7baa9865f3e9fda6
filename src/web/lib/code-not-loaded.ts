/**
 * How each browser says a lazily loaded chunk did not arrive: the site was updated since the tab
 * opened, so the old file is gone, or the connection dropped. A reload fixes both.
 */
export const CODE_NOT_LOADED = /dynamically imported module|Importing a module script failed/;

export const codeNotLoaded = (error: unknown): boolean => error instanceof Error && CODE_NOT_LOADED.test(error.message);
