// The server's entry (dist/server/main.mjs): malloc's settings first (malloc-settings.ts: the process may start
// itself again, before anything else is loaded), then the server (serve.ts).
import { restartWithMallocSettings } from './malloc-settings';

restartWithMallocSettings();
await import('./serve');
