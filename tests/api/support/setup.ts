import { afterAll } from 'vitest';
import { removeOwnTemplates } from './server';

// A setup file runs again for every test file, while support modules are loaded once per worker (the API files
// share their worker's modules: `isolate: false` in vitest.config.ts), so each file's own cleanup is registered here.
afterAll(removeOwnTemplates);
