export type Manifest = Record<
  string,
  {
    file: string;
    name?: string;
    isEntry?: boolean;
    isDynamicEntry?: boolean;
    imports?: string[];
    dynamicImports?: string[];
  }
>;
export function readManifest(outDir: string): Manifest;
export function staticClosure(manifest: Manifest, key: string): string[];
export function gzipBytes(outDir: string, file: string): number;
export function bundleFigures(outDir: string): {
  firstLoadJsGzipKb: number;
  firstLoadChunks: string[];
  adminAfterSignInJsGzipKb: number;
  adminChunks: string[];
};
export function pageKey(manifest: Manifest, source: string): string;
/** `through`: the lazy modules the address loads before the page (`['src/App.tsx']` under the router). */
export function pageFigures(outDir: string, source: string, through?: string[]): { jsGzipKb: number; chunks: string[] };
export declare const TEACHER_BUDGET_KB: number;
export declare const PORTAL_BUDGET_KB: number;
export declare function phoneFigures(outDir: string): {
  teacher: { jsGzipKb: number; chunks: string[] };
  portal: { jsGzipKb: number; chunks: string[] };
};
