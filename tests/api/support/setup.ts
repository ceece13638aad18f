import { pathToFileURL } from 'node:url';
import { afterAll } from 'vitest';
import { configureWorkers } from '../../../server/workers/pool';
import { childScript } from './child-server';
import { removeOwnTemplates } from './server';

// A setup file runs again for every test file, while support modules are loaded once per worker (the API files
// share their worker's modules: `isolate: false` in vitest.config.ts), so each file's own cleanup is registered here.
afterAll(removeOwnTemplates);

// The servers' worker threads (reports, PDFs, spreadsheet reads) load the bundle of the current source that the run
// builds for its child processes, as a built server's do, not the tsx bootstrap that would transform the server's
// modules again in every new thread (an import's thread ends as soon as it is idle, so each import starts one).
configureWorkers({ threadFile: pathToFileURL(childScript('thread')).href });
