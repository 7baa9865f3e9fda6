/** Types of build-web.mjs, for the test setup that shares it. */
export declare const WEB_SOURCES: readonly string[];
export declare function webBuildIsStale(root?: string): boolean;
export declare function buildWebIfStale(root?: string): boolean;
export declare function isStale(root: string, output: string, sources: readonly string[]): boolean;
