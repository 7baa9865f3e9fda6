/** Types of build-server.mjs, for the tests and benches that start the compiled server. */
export declare const SERVER_SOURCES: readonly string[];
export declare const SERVER_MAIN: string;
export declare function serverBuildIsStale(root?: string): boolean;
export declare function buildServerIfStale(root?: string): boolean;
