import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { LoginLimits } from './auth/login-limits';
import type { S3Options } from './storage/s3';
import { parseTrustProxy, type TrustProxy } from './http/trust-proxy';
import { parseEncryptionKey } from './secrets/seal';

/**
 * Every setting comes from an environment variable, validated once at start; a bad value stops the
 * server with a message naming the variable, instead of failing later in the middle of a request.
 */
const schema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'deve começar com postgres:// ou postgresql://')
      .optional(),
    // No default here: see adminEmailOf (the demo's address outside production, required in production).
    ADMIN_EMAIL: z.string().email('deve ser um e-mail válido').optional(),
    // No default: without it the first start generates a random password and prints it once.
    ADMIN_PASSWORD: z.string().min(8, 'deve ter pelo menos 8 caracteres').optional(),
    TOKEN_TTL_HOURS: z.coerce.number().positive().default(12),
    LOGIN_IP_LIMIT: z.coerce.number().int().positive().default(100),
    LOGIN_CAPTCHA_AFTER: z.coerce.number().int().positive().default(5),
    LOGIN_WINDOW_MINUTES: z.coerce.number().int().positive().default(60),
    RESET_RATE_LIMIT: z.coerce.number().int().positive().default(20),
    CORS_ORIGINS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((o) => o.trim().replace(/\/+$/, ''))
          .filter(Boolean),
      )
      .refine(
        (list) => list.every((o) => /^https?:\/\/[^/\s?#]+$/.test(o)),
        'deve ser uma lista de origens separadas por vírgula, como https://app.escola.edu.br,http://localhost:5173',
      ),
    SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
    REPORT_THREADS: z.coerce.number().int().min(1).max(32).optional(),
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((v, ctx) => {
        const parsed = parseTrustProxy(v);
        if ('value' in parsed) return parsed.value;
        ctx.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }),
    MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(500),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    STATIC_DIR: z.string().min(1).default('./dist/client'),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'deve começar com smtp:// ou smtps://')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Secretaria <nao-responda@secretaria.local>'),
    APP_URL: z.string().url('deve ser um endereço como https://secretaria.escola.edu.br').optional(),
    CEP_VIACEP_URL: z.string().url('deve ser um endereço http(s)').default('https://viacep.com.br'),
    CEP_BRASILAPI_URL: z.string().url('deve ser um endereço http(s)').default('https://brasilapi.com.br'),
    PUBLIC_RATE_LIMIT: z.coerce.number().int().positive().default(30),
    // How often each instance looks for families' e-mails to write (grades published, documents, charges).
    NOTIFY_POLL_SECONDS: z.coerce.number().int().min(5).max(86_400).default(60),
    // This process's slot for the job runner's leases (server/jobs/lease.ts); by default the host, address and port.
    INSTANCE_NAME: z.string().trim().min(1).max(200).optional(),
    // How often each instance looks for one-off background jobs (server/jobs) that are due.
    JOBS_POLL_SECONDS: z.coerce.number().int().min(1).max(3_600).default(5),
    // How long a payment made at the provider may stay pending here before the provider is asked about it.
    RECONCILE_AFTER_HOURS: z.coerce.number().positive().max(720).default(2),
    // Off unless asked: `npm start` (scripts/start.mjs) asks for it outside production, so a fresh clone shows
    // the demo school while a production install (`node dist/server/main.mjs`) never gets it by default.
    SEED_DEMO: z
      .enum(['true', 'false', '1', '0'])
      .default('false')
      .transform((v) => v === 'true' || v === '1'),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'deve ser um nome de bucket válido (minúsculas, dígitos, . e -)')
      .optional(),
    S3_ENDPOINT: z.string().url('deve ser um endereço como https://s3.exemplo.com').optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false', '1', '0'])
      .optional()
      .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1')),
    MERCADOPAGO_ACCESS_TOKEN: z.string().min(10, 'deve ser o access token da conta (APP_USR-… ou TEST-…)').optional(),
    MERCADOPAGO_WEBHOOK_SECRET: z.string().min(8, 'deve ser a assinatura secreta dos webhooks da conta').optional(),
    MERCADOPAGO_BASE_URL: z.string().url('deve ser um endereço http(s)').default('https://api.mercadopago.com'),
    // The offline payment simulation, for a demonstration only: never on unless asked for.
    PAYMENTS_SANDBOX: z
      .enum(['true', 'false', '1', '0'], { error: 'deve ser true ou false' })
      .default('false')
      .transform((v) => v === 'true' || v === '1'),
    // Web Push (server/push): the VAPID pair that signs every push; both or neither. `npm start` makes a pair outside
    // production when none is given (scripts/start.mjs).
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, 'deve ser a chave pública VAPID em base64url (87 caracteres)')
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'deve ser a chave privada VAPID em base64url (43 caracteres)')
      .optional(),
    // Who the push services write to about this sender (RFC 8292): a mailto: or https: address.
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'deve ser um mailto: ou um endereço https://')
      .optional(),
    // Push services a browser's subscription may point at (host names, comma separated); the big four by default.
    PUSH_SERVICE_HOSTS: z
      .string()
      .optional()
      .transform((v) =>
        v
          ?.split(',')
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean),
      ),
    // Seals the secrets background work keeps in the database (server/secrets): the previous system's sign-in of an
    // import, read by whichever instance runs it. Unset: such secrets stay in the memory of the instance that got them.
    SECRETARIA_ENCRYPTION_KEY: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined) return undefined;
        const key = parseEncryptionKey(v);
        if (typeof key !== 'string') return key;
        ctx.addIssue({ code: 'custom', message: key });
        return z.NEVER;
      }),
    // The NFS-e (server/invoices): another address than Sefin Nacional's own for the chosen environment (a proxy).
    NFSE_SEFIN_URL: z
      .string()
      .url('deve ser um endereço https://, como https://sefin.producaorestrita.nfse.gov.br/SefinNacional')
      .optional(),
    S3_PREFIX: z
      .string()
      .regex(/^\/*[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/*$/, 'deve ser um caminho como secretaria/producao')
      .optional(),
    NODE_ENV: z.string().optional(),
  })
  .superRefine((c, ctx) => {
    // In production the first administrator is a real person: a made-up default would be an account nobody can
    // recover by e-mail.
    if (c.NODE_ENV === 'production' && !c.ADMIN_EMAIL) {
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_EMAIL'],
        message:
          'é obrigatório com NODE_ENV=production: o e-mail real do administrador (criado no primeiro início, usado por --nova-senha-admin)',
      });
    }
    if (Boolean(c.VAPID_PUBLIC_KEY) !== Boolean(c.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [c.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
        message: 'VAPID_PUBLIC_KEY e VAPID_PRIVATE_KEY vão juntas: defina as duas (ou nenhuma)',
      });
    }
    // Without the secret no notification could be trusted, so charges would never turn paid.
    if (c.MERCADOPAGO_ACCESS_TOKEN && !c.MERCADOPAGO_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['MERCADOPAGO_WEBHOOK_SECRET'],
        message: 'é obrigatório quando MERCADOPAGO_ACCESS_TOKEN está definido',
      });
    }
    // A published address (https) is a real school: a simulated payment there would pass for a real one.
    if (c.PAYMENTS_SANDBOX && c.APP_URL?.startsWith('https:')) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENTS_SANDBOX'],
        message:
          'a simulação de pagamentos não pode ser usada com um APP_URL https (endereço publicado); remova PAYMENTS_SANDBOX',
      });
    }
    if (c.PAYMENTS_SANDBOX && c.MERCADOPAGO_ACCESS_TOKEN) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENTS_SANDBOX'],
        message: 'não pode ser usado junto com MERCADOPAGO_ACCESS_TOKEN; escolha um dos dois',
      });
    }
    if (!c.S3_BUCKET) return;
    // Caught at start: otherwise the first upload would fail, long after the deploy looked fine.
    for (const name of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!c[name])
        ctx.addIssue({ code: 'custom', path: [name], message: 'é obrigatório quando S3_BUCKET está definido' });
    }
  });

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  adminEmail: string;
  /** Unset: the first start generates one and prints it. */
  adminPassword?: string;
  tokenTtlHours: number;
  login: LoginLimits;
  /** Forgot/reset-password requests per 15 minutes, per IP and per e-mail. */
  resetRateLimit: number;
  /** Other origins allowed to call the API from a browser (none: same origin only). */
  corsOrigins: string[];
  /** Mercado Pago when a token is set; the offline simulation only with PAYMENTS_SANDBOX; otherwise none. */
  payments: { accessToken?: string; webhookSecret?: string; baseUrl: string; sandbox?: boolean };
  /** Which proxies' X-Forwarded-For to believe: none, the nearest N, or those at these addresses. */
  trustProxy: TrustProxy;
  /** At SIGTERM, how long requests in flight may take before their connections are cut. */
  shutdownTimeoutSeconds: number;
  /** Worker threads building report files; unset: one or two, by the machine's cores. */
  reportThreads?: number;
  notifyPollSeconds: number;
  jobsPollSeconds: number;
  /**
   * This process's slot, the same when it restarts: a server starting in it releases the job leases its previous
   * process held (server/jobs/lease.ts). INSTANCE_NAME, else host name, address and port; none on a random port.
   */
  instanceName?: string;
  reconcileAfterHours: number;
  logLevel: string;
  /** Mean event-loop delay above which new requests get a 503 (0: never). */
  maxEventLoopDelayMs: number;
  staticDir: string;
  seedDemo: boolean;
  smtpUrl?: string;
  mailFrom: string;
  /** Public address of the app, for links in e-mails. */
  appUrl: string;
  publicRateLimit: number;
  cep: { viaCepUrl: string; brasilApiUrl: string };
  /** Files go to this S3-compatible bucket when S3_BUCKET is set; otherwise to DATA_DIR/storage. */
  s3?: S3Options;
  /** SECRETARIA_ENCRYPTION_KEY: 32 bytes sealing the secrets kept for background work (server/secrets). */
  encryptionKey?: Buffer;
  /** NFSE_SEFIN_URL: where the NFS-e go instead of the environment's Sefin Nacional address. */
  nfse?: { sefinUrl?: string };
  /** Web Push, when a VAPID pair is set. */
  push?: { publicKey: string; privateKey: string; subject: string; serviceHosts?: string[] };
}

export class ConfigError extends Error {}

/** The administrator outside production when ADMIN_EMAIL is unset: `.invalid` never receives mail (RFC 2606). */
export const DEMO_ADMIN_EMAIL = 'admin@demo.invalid';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Configuração inválida:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.PAYMENTS_SANDBOX && env.NODE_ENV === 'production') {
    throw new ConfigError(
      'Configuração inválida:\n  PAYMENTS_SANDBOX: a simulação de pagamentos não roda com NODE_ENV=production',
    );
  }
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    adminEmail: (c.ADMIN_EMAIL ?? DEMO_ADMIN_EMAIL).toLowerCase(),
    adminPassword: c.ADMIN_PASSWORD,
    tokenTtlHours: c.TOKEN_TTL_HOURS,
    login: { perIp: c.LOGIN_IP_LIMIT, captchaAfter: c.LOGIN_CAPTCHA_AFTER, windowMinutes: c.LOGIN_WINDOW_MINUTES },
    resetRateLimit: c.RESET_RATE_LIMIT,
    corsOrigins: c.CORS_ORIGINS,
    payments: {
      accessToken: c.MERCADOPAGO_ACCESS_TOKEN,
      webhookSecret: c.MERCADOPAGO_WEBHOOK_SECRET,
      baseUrl: c.MERCADOPAGO_BASE_URL,
      ...(c.PAYMENTS_SANDBOX ? { sandbox: true } : {}),
    },
    trustProxy: c.TRUST_PROXY,
    shutdownTimeoutSeconds: c.SHUTDOWN_TIMEOUT_SECONDS,
    reportThreads: c.REPORT_THREADS,
    notifyPollSeconds: c.NOTIFY_POLL_SECONDS,
    jobsPollSeconds: c.JOBS_POLL_SECONDS,
    instanceName: c.INSTANCE_NAME ?? (c.PORT === 0 ? undefined : `${os.hostname()}:${c.HOST}:${c.PORT}`),
    reconcileAfterHours: c.RECONCILE_AFTER_HOURS,
    logLevel: c.LOG_LEVEL,
    maxEventLoopDelayMs: c.MAX_EVENT_LOOP_DELAY_MS,
    staticDir: path.resolve(c.STATIC_DIR),
    seedDemo: c.SEED_DEMO,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    appUrl: c.APP_URL ?? `http://localhost:${c.PORT}`,
    publicRateLimit: c.PUBLIC_RATE_LIMIT,
    cep: { viaCepUrl: c.CEP_VIACEP_URL, brasilApiUrl: c.CEP_BRASILAPI_URL },
    encryptionKey: c.SECRETARIA_ENCRYPTION_KEY,
    nfse: c.NFSE_SEFIN_URL ? { sefinUrl: c.NFSE_SEFIN_URL } : undefined,
    push: c.VAPID_PUBLIC_KEY
      ? {
          publicKey: c.VAPID_PUBLIC_KEY,
          privateKey: c.VAPID_PRIVATE_KEY!,
          subject:
            c.VAPID_SUBJECT ??
            (c.APP_URL?.startsWith('https:')
              ? c.APP_URL
              : `mailto:${(c.ADMIN_EMAIL ?? DEMO_ADMIN_EMAIL).toLowerCase()}`),
          serviceHosts: c.PUSH_SERVICE_HOSTS,
        }
      : undefined,
    s3: c.S3_BUCKET
      ? {
          bucket: c.S3_BUCKET,
          region: c.S3_REGION,
          endpoint: c.S3_ENDPOINT,
          accessKeyId: c.S3_ACCESS_KEY_ID!,
          secretAccessKey: c.S3_SECRET_ACCESS_KEY!,
          // MinIO and most compatible services have no per-bucket DNS names; AWS itself prefers them.
          forcePathStyle: c.S3_FORCE_PATH_STYLE ?? Boolean(c.S3_ENDPOINT),
          prefix: c.S3_PREFIX?.replace(/^\/+|\/+$/g, ''),
        }
      : undefined,
  };
}
