import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import underPressure, { type FastifyUnderPressureOptions } from '@fastify/under-pressure';

export interface PressureOptions {
  /** Mean event-loop delay (ms) above which new requests are refused; 0 turns the check off. */
  maxEventLoopDelayMs?: number;
  /** Heap in use (bytes) above which new requests are refused; off unless given. */
  maxHeapUsedBytes?: number;
  /** How often the loop and the memory are sampled (ms); well above 10 ms, or a sample may hold no loop turn. */
  sampleIntervalMs?: number;
  /** Seconds a client is told to wait (`Retry-After`). */
  retryAfterSeconds?: number;
}

export const OVERLOADED_MESSAGE = 'O servidor está sobrecarregado no momento. Tente novamente em alguns segundos.';

/** Routes that answer even under pressure: the health check a load balancer or an operator asks. */
const ALWAYS_ANSWERED = new Set(['/api/health']);

/**
 * Sheds load with a 503 and `Retry-After` when the event loop falls behind, instead of queueing every
 * request until clients time out. A request already admitted is finished; only new ones are refused.
 */
export async function registerLoadShedding(app: FastifyInstance, options: PressureOptions = {}): Promise<void> {
  const retryAfter = options.retryAfterSeconds ?? 5;
  // The plugin sends what the handler returns and lets the request through when it returns nothing
  // (its types say void, hence the cast above).
  const shed = (request: FastifyRequest, reply: FastifyReply) => {
    if (ALWAYS_ANSWERED.has(request.routeOptions.url ?? '')) return undefined;
    reply.status(503).header('retry-after', String(retryAfter));
    return { message: OVERLOADED_MESSAGE };
  };
  await app.register(underPressure, {
    maxEventLoopDelay: options.maxEventLoopDelayMs ?? 500,
    ...(options.maxHeapUsedBytes ? { maxHeapUsedBytes: options.maxHeapUsedBytes } : {}),
    sampleInterval: options.sampleIntervalMs ?? 500,
    retryAfter,
    pressureHandler: shed as unknown as FastifyUnderPressureOptions['pressureHandler'],
  });
}
