import Fastify from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { paceRequests } from '../../server/http/turns';

let stop = () => {};
afterEach(() => stop());

/** Counts turns of the event loop: one more each time the check phase runs. */
function turnCounter() {
  const state = { turn: 0, running: true };
  const tick = () => {
    if (!state.running) return;
    state.turn++;
    setImmediate(tick);
  };
  setImmediate(tick);
  stop = () => (state.running = false);
  return state;
}

it('starts at most the budget of requests per turn of the loop, the others in arrival order', async () => {
  const app = Fastify();
  paceRequests(app, 4);
  const turns = turnCounter();
  const handled: { n: number; turn: number }[] = [];
  app.get('/n/:n', async (request) => {
    handled.push({ n: Number((request.params as { n: string }).n), turn: turns.turn });
    return { ok: true };
  });
  await app.ready();
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, n) => app.inject({ method: 'GET', url: `/n/${n}` })),
  );
  expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
  expect(handled.map((h) => h.n)).toEqual(Array.from({ length: 20 }, (_, n) => n));
  const perTurn = new Map<number, number>();
  for (const h of handled) perTurn.set(h.turn, (perTurn.get(h.turn) ?? 0) + 1);
  expect(Math.max(...perTurn.values())).toBeLessThanOrEqual(4);
  expect(perTurn.size).toBeGreaterThanOrEqual(5);
  await app.close();
});

it('lets requests through at once below the budget', async () => {
  const app = Fastify();
  paceRequests(app, 4);
  const turns = turnCounter();
  const seen: number[] = [];
  app.get('/', async () => {
    seen.push(turns.turn);
    return {};
  });
  await app.ready();
  await Promise.all([app.inject('/'), app.inject('/'), app.inject('/')]);
  expect(new Set(seen).size).toBe(1);
  await app.close();
});
