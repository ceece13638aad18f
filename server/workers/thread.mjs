// The worker thread when the server runs from source (tests, `npm run dev`): TypeScript is loaded through
// tsx. The built server has its own bundled dist/server/thread.mjs instead of this file.
import { register } from 'tsx/esm/api';

register();
const thread = await import('./thread.ts');
export default thread.default;
