import { fuzzSuite } from './support/fuzz-suite';

// Every route with bad values, on SQLite; tests/api/fuzz-postgres.test.ts is the same on PostgreSQL.
fuzzSuite('sqlite');
