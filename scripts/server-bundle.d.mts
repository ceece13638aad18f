import type { BuildOptions } from 'esbuild';

export const SERVER_ENTRIES: Record<string, string>;
export function runtimePackages(root?: string): string[];
export function serverBuildOptions(options?: {
  root?: string;
  outdir?: string;
  entryPoints?: Record<string, string>;
}): BuildOptions;
export const BUNDLED_PACKAGES: string[];
