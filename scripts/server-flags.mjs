// The V8 options the server runs with, wherever a script starts it (`npm run bench`, the docs' screenshots); `npm
// start` spells the same in package.json (a unit test keeps them equal). Documented in
// docs/operacao/varias-instancias.md#memória.
//
// --max-semi-space-size=4: a young generation of 3 × 4 MB instead of 3 × 16 MB (~30 MB less at rest).
// --heap-growing-percent=15: after each full collection the old generation may grow 15 % over what survived before
// the next one, instead of V8's up to 100 %: during a spreadsheet import the request loop's heap otherwise swelled
// from ~50 to ~240 MB of garbage before it was collected (issue 37's bench: RSS 371 → ~255 MB at its peak).
export const SERVER_V8_FLAGS = ['--max-semi-space-size=4', '--heap-growing-percent=15'];
