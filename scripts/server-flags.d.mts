export declare const SERVER_V8_FLAGS: string[];
