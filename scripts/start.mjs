// `npm start`: build what is out of date (SPA, server), then run the server, which migrates, seeds
// the demo school on the first start and serves http://localhost:8080.
import { buildWhatIsStale } from './stale.mjs';

buildWhatIsStale();
await import('../dist/server/main.mjs');
