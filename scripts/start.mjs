// `npm start`: build what is out of date (SPA, server), then run the server, which migrates, seeds
// the demo school on the first start and serves http://localhost:8080.
import { restartWithMallocSettings } from './malloc-settings.mjs';
import { buildWhatIsStale } from './stale.mjs';
import { useDemoVapidKeys } from './vapid-keys.mjs';

// Before anything else: the process may start itself again with malloc's settings (malloc-settings.mjs); the server's
// entry finds them set and goes on.
restartWithMallocSettings();

// The README's first command shows the demo school; the server itself never seeds it unless asked, and
// NODE_ENV=production keeps it off here too (SEED_DEMO=true still asks for it explicitly).
if (process.env.SEED_DEMO === undefined && process.env.NODE_ENV !== 'production') process.env.SEED_DEMO = 'true';

buildWhatIsStale();
// The demo pays by simulation (PAYMENTS_SANDBOX), unless this install has a Mercado Pago account, a
// published (https) address or NODE_ENV=production, or the variable is set either way.
if (
  process.env.PAYMENTS_SANDBOX === undefined &&
  !process.env.MERCADOPAGO_ACCESS_TOKEN &&
  !process.env.APP_URL?.startsWith('https:') &&
  process.env.NODE_ENV !== 'production'
) {
  process.env.PAYMENTS_SANDBOX = 'true';
}
// Web Push works in the demo too: a VAPID pair of this data directory's, unless the environment brings one.
if (process.env.NODE_ENV !== 'production') {
  const told = useDemoVapidKeys(process.env, process.env.DATA_DIR ?? './data');
  if (told) console.log(told);
}
await import('../dist/server/main.mjs');
