import type { FastifyInstance } from 'fastify';
import type { ResourceConfig } from '../resources/types';
import type { LoginLimits } from './auth/login-limits';
import type { TokenStore } from './auth/tokens';
import type { ResourceHooks, TableDependent } from './crud/hooks';
import type { Db } from './db/connection';
import type { JobRunner } from './jobs/runner';
import type { Mailer } from './mail/mailer';
import type { Captcha } from './public/captcha';
import type { PaymentsOptions } from './payments/routes';
import type { PushSettings } from './push/delivery';
import type { NfseOptions } from './invoices/index';
import type { Storage } from './storage/storage';

/** What every domain area is given: the database, the adapters and the app's settings. */
export interface AreaContext {
  db: Db;
  storage: Storage;
  mailer: Mailer;
  tokens: TokenStore;
  captcha: Captcha;
  payments: PaymentsOptions;
  /** Web Push, when a VAPID pair is configured. */
  push?: PushSettings;
  /** SECRETARIA_ENCRYPTION_KEY, sealing what background work keeps (server/secrets); unset: kept in memory. */
  encryptionKey?: Buffer;
  /** Sefin Nacional's address and TLS trust for the NFS-e (server/invoices); unset: the environment's own. */
  nfse?: NfseOptions;
  /** Background work (server/jobs): `jobs.every(kind, ms, handler)`, `jobs.handle(kind, …)`, `jobs.enqueue(…)`. */
  jobs: JobRunner;
  resources: ResourceConfig[];
  settings: {
    loginLimits: LoginLimits;
    /** Forgot/reset-password requests per 15 minutes, per IP and per e-mail. */
    resetRateLimit: number;
    publicRateLimit: number;
    appUrl: string;
    /** How often families' e-mails are looked for; undefined: no background sweep. */
    notifyPollMs?: number;
    /** How often payments still pending are asked about at the provider; undefined: never (tests call it by hand). */
    reconcilePollMs?: number;
    /** How old a payment link must be before the provider is asked about it (RECONCILE_AFTER_HOURS; default 2 h). */
    reconcileAfterMs?: number;
    cep: { viaCepUrl: string; brasilApiUrl: string };
  };
}

/**
 * A domain area (students, registrations, documents…) as the app and the generic resource engine see
 * it: its routes under /api, its behaviour on resources it does not own the screens of, and the tables
 * it owns that point at a resource (for the 409 of a refused delete). `server/areas.ts` lists them all.
 */
export interface Area {
  routes?(app: FastifyInstance, ctx: AreaContext): void;
  /** Hooks per resource name; several areas may hook one resource, in list order. */
  hooks?(ctx: AreaContext): Record<string, ResourceHooks>;
  /** Per resource name: tables of this area whose rows point at that resource. */
  dependents?: Record<string, TableDependent[]>;
}
