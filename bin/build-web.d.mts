/** Types of build-web.mjs, for the test setup that shares it. */
export declare const WEB_SOURCES: readonly string[];
export declare function webBuildIsStale(root?: string): boolean;
export declare function buildWebIfStale(root?: string): boolean;
export declare function newestMtime(entry: string): number;
