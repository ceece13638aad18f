export function makeVapidKeys(): { publicKey: string; privateKey: string };
export function useDemoVapidKeys(env: Record<string, string | undefined>, dataDir: string): string | null;
