// The server's entry (dist/server/main.mjs): malloc's settings first (scripts/malloc-settings.mjs: the process may
// start itself again, before anything else is loaded), then the server (serve.ts).
import { restartWithMallocSettings } from '../scripts/malloc-settings.mjs';

restartWithMallocSettings();
await import('./serve');
