// The report worker when the server runs from source (tests, `npm run dev`): TypeScript is loaded
// through tsx. The built server has its own bundled dist/server/report-worker.mjs instead of this file.
import { register } from 'tsx/esm/api';

register();
const worker = await import('./worker.ts');
export default worker.default;
