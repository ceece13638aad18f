import { describe } from 'vitest';
import { fuzzSuite } from './support/fuzz-suite';
import { databases } from './support/server';

// Every route with bad values, on PostgreSQL (tests/api/fuzz.test.ts on SQLite): a file of its own, so that the API
// run's two workers can each take one database's fuzz. Skipped without TEST_DATABASE_URL, which CI=true requires.
describe.runIf(databases().includes('postgres'))('fuzz on PostgreSQL', () => fuzzSuite('postgres'));
