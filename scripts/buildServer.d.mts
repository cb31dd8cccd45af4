// Types of buildServer.mjs for the TypeScript that uses it (tests, the bench).
export declare const SERVER_DIST: string;
export declare const SERVER_ENTRY: string;
export declare const WORKERS_ENTRY: string;
export declare function buildBundles(entries: Record<string, string>, outdir: string): string[];
export declare function buildServer(): string[];
