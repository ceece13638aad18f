export type Manifest = Record<string, { file: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; dynamicImports?: string[] }>;
export function readManifest(outDir: string): Manifest;
export function staticClosure(manifest: Manifest, key: string): string[];
export function gzipBytes(outDir: string, file: string): number;
export function bundleFigures(outDir: string): { firstLoadJsGzipKb: number; firstLoadChunks: string[]; adminAfterSignInJsGzipKb: number; adminChunks: string[] };
export function pageFigures(outDir: string, source: string): { jsGzipKb: number; chunks: string[] };
