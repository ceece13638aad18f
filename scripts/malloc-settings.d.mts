export function restartWithMallocSettings(): void;
