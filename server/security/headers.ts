import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * What the built SPA needs, and nothing more:
 * - scripts only from our own origin (Vite emits module files, no inline script);
 * - inline styles: emotion (MUI) and the ALTCHA widget insert <style> elements at run time;
 * - the ALTCHA widget solves its proof of work in Web Workers started from blob: URLs;
 * - photos and PDF previews are shown from blob: URLs, the school's logo may be a data: URI.
 */
function contentSecurityPolicy(https: boolean): Record<string, string[] | null> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
    // A PDF opened from a blob: URL inherits this policy; Chromium shows it through its viewer plugin.
    'object-src': ["'self'", 'blob:'],
    'frame-src': ["'self'", 'blob:'],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    // Only behind https: on plain http it would send every subresource to an https port that is not there.
    'upgrade-insecure-requests': https ? [] : null,
  };
}

export interface SecurityOptions {
  /** The public address: HSTS and upgrade-insecure-requests only when it is https. */
  appUrl: string;
  /** Other origins allowed to call the API from a browser; none means same origin only. */
  corsOrigins: string[];
}

/**
 * Security headers on every answer (API, SPA, files, errors) and CORS for the listed origins.
 * Helmet's middleware is built once per app and run by one hook on every request; @fastify/helmet built it anew for
 * each request (helmet(options) validates and writes out the whole policy every time) and added a second hook that
 * decorated each reply with a `reply.helmet()` nobody here calls.
 */
export async function registerSecurity(app: FastifyInstance, options: SecurityOptions): Promise<void> {
  const https = options.appUrl.startsWith('https://');
  const securityHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(https) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // The API's files (photos, PDFs) are fetched by our own page only.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  });
  // On the root instance, where the plugin's hook was among the request hooks: a 404 or a refused body gets the
  // headers too. Helmet only sets headers and calls `done` at once; a bad option throws above, when it is built.
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
  const allowed = new Set(options.corsOrigins);
  await app.register(cors, {
    // A refused origin gets no Access-Control-Allow-Origin: the browser then keeps the answer from it.
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    // Idempotency-Key: a write another front end may send again after losing its answer (http/idempotency.ts).
    // X-Date-Format: the screens ask for ISO dates on every call (server/crud/dates.ts).
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Altcha', 'Idempotency-Key', 'X-Date-Format'],
    exposedHeaders: ['Content-Disposition', 'Retry-After', 'Idempotent-Replayed'],
    maxAge: 600,
    // Bearer tokens, not cookies: no credentials mode needed.
    credentials: false,
    strictPreflight: false,
  });
}
