import type { FastifyInstance } from 'fastify';

/**
 * At most `budget` requests start in a turn of the event loop; the others wait, in arrival order, for
 * the next turns. Why: since libuv 1.45 (Node 20) the loop accepts one new connection per turn
 * (libuv/libuv#3696), and a saturated server's turn serves a request of every open connection — 150
 * connections made turns of ~150 ms, so a burst of new connections waited 10 to 20 s to be accepted
 * (docs/desenvolvimento/desempenho.md). With short turns, new connections get in while the open ones are served.
 * A request that waits costs nothing but its place in the queue; below the budget nothing waits.
 */
export function paceRequests(app: FastifyInstance, budget = 16): void {
  let started = 0;
  let scheduled = false;
  const waiting: (() => void)[] = [];
  // setImmediate from the check phase runs in the next turn, after that turn's poll (and its accept).
  const nextTurn = () => {
    scheduled = false;
    started = 0;
    while (started < budget && waiting.length > 0) {
      started++;
      waiting.shift()!();
    }
    if (started > 0) schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(nextTurn);
  };
  app.addHook('onRequest', (_request, _reply, done) => {
    schedule();
    if (started < budget && waiting.length === 0) {
      started++;
      done();
    } else {
      waiting.push(done);
    }
  });
}
