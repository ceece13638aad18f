import { teachings } from './teachings';
import type { ResourceConfig } from './types';

/** Every resource of the product, in menu order. */
export const resources: ResourceConfig[] = [teachings];

export function resourceByName(name: string): ResourceConfig | undefined {
  return resources.find((r) => r.name === name);
}

export function resourceByAdminPath(path: string): ResourceConfig | undefined {
  return resources.find((r) => r.adminPath === path);
}

export * from './types';
