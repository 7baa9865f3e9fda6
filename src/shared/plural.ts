/** 'n thing' or 'n things' (or `many`), for the site's sentences and the command line's alike. */
export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
