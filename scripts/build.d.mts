export declare const ROOT: string;
export declare const CLIENT_OUT: string;
export declare const SERVER_OUT: string;
export declare const START: { env: Record<string, string>; nodeFlags: string[] };
export declare function buildClient(options?: { outDir?: string; force?: boolean }): boolean;
export declare function buildServer(options?: { force?: boolean; outFile?: string }): boolean;
