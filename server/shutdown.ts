import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Why SIGTERM used to leave the process alive with its listener closed: `server.close()` waits for
 * every connection to end, and Node's `closeIdleConnections()` (what Fastify calls) only closes a
 * connection that finished a request. A socket that never sent one (a browser's preconnect), one
 * that sent half its headers, or an upload that stalls stayed open until Node's header (60 s) or
 * request (300 s) timeouts, or forever with a client that keeps trickling bytes.
 *
 * Here each socket's requests in flight are counted: at shutdown the quiet ones close at once, a
 * busy one as soon as its last answer is sent, and whatever still hangs after the grace period is
 * cut, so shutdown always ends.
 */
export function trackConnections(server: Server) {
  const inFlight = new Map<Socket, number>();
  let closing = false;
  const settle = (socket: Socket) => {
    if (closing && (inFlight.get(socket) ?? 0) === 0) socket.destroy();
  };
  server.on('connection', (socket: Socket) => {
    inFlight.set(socket, 0);
    socket.once('close', () => inFlight.delete(socket));
    settle(socket);
  });
  server.on('request', (request, response) => {
    const socket = request.socket;
    inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
    response.once('close', () => {
      if (!inFlight.has(socket)) return;
      inFlight.set(socket, Math.max(0, (inFlight.get(socket) ?? 1) - 1));
      // Let the answer's bytes leave before the socket goes.
      setImmediate(() => settle(socket));
    });
  });
  return {
    /** From now on, a socket with no request in flight is closed. */
    closeQuiet() {
      closing = true;
      for (const socket of inFlight.keys()) settle(socket);
    },
    closeAll() {
      for (const socket of inFlight.keys()) socket.destroy();
    },
  };
}

export interface ShutdownOptions {
  /** Seconds that requests in flight get to finish before their connections are cut. */
  graceSeconds: number;
  /** What else to close after the server (the database). */
  release: () => Promise<void>;
  log: FastifyInstance['log'];
}

/**
 * SIGTERM/SIGINT: stop accepting, let requests in flight finish (within the grace), close, exit. `app.close()` also
 * stops the job runner (server/jobs), which waits for the job in progress within the same grace; one cut short is
 * taken over by another instance when its lease ends.
 */
export function installShutdown(app: FastifyInstance, options: ShutdownOptions): void {
  const connections = trackConnections(app.server);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    options.log.info({ signal }, 'shutting down: finishing requests in flight');
    const cut = setTimeout(() => {
      options.log.warn(
        { graceSeconds: options.graceSeconds },
        'requests still in flight after the grace period: closing their connections',
      );
      connections.closeAll();
    }, options.graceSeconds * 1000);
    // Last resort (a hook or the database that never answers): the process must end anyway.
    const abandon = setTimeout(
      () => {
        options.log.error('shutdown did not finish: exiting anyway');
        process.exit(1);
      },
      (options.graceSeconds + 10) * 1000,
    );
    abandon.unref();
    const closed = app.close();
    connections.closeQuiet();
    try {
      await closed;
      await options.release();
    } finally {
      clearTimeout(cut);
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
