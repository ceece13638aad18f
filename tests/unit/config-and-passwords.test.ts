import { argon2Sync, randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from '../../server/auth/passwords';
import { ConfigError, loadConfig } from '../../server/config';
import { flattenErrors } from '../../dataProvider';

describe('configuration from the environment', () => {
  it('has working defaults, with no administrator password written anywhere', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8080, adminEmail: 'admin@demo.invalid', seedDemo: false, corsOrigins: [] });
    expect(config.adminPassword).toBeUndefined();
    expect(config.login).toEqual({ perIp: 100, captchaAfter: 5, windowMinutes: 60 });
    expect(config.dataDir.endsWith('/data')).toBe(true);
  });

  it('seeds the demo school only when asked (as `npm start` does), in production too', () => {
    expect(loadConfig({}).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', ADMIN_EMAIL: 'direcao@escola.com.br' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', ADMIN_EMAIL: 'direcao@escola.com.br', SEED_DEMO: '1' }).seedDemo).toBe(
      true,
    );
  });

  it('needs ADMIN_EMAIL in production; elsewhere the administrator defaults to an address that receives no mail', () => {
    const attempt = () => loadConfig({ NODE_ENV: 'production' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow('ADMIN_EMAIL: é obrigatório com NODE_ENV=production');
    expect(loadConfig({ NODE_ENV: 'production', ADMIN_EMAIL: 'Direcao@Escola.com.br' }).adminEmail).toBe(
      'direcao@escola.com.br',
    );
    expect(loadConfig({ NODE_ENV: 'development' }).adminEmail).toBe('admin@demo.invalid');
  });

  it('reads CORS_ORIGINS as a list of origins and refuses anything else', () => {
    expect(loadConfig({ CORS_ORIGINS: 'https://app.escola.edu.br, http://localhost:5173/' }).corsOrigins).toEqual([
      'https://app.escola.edu.br',
      'http://localhost:5173',
    ]);
    expect(() => loadConfig({ CORS_ORIGINS: 'app.escola.edu.br' })).toThrow(
      'CORS_ORIGINS: deve ser uma lista de origens',
    );
    expect(() => loadConfig({ CORS_ORIGINS: 'https://app.escola.edu.br/caminho' })).toThrow('CORS_ORIGINS:');
  });

  it('explains each bad value by variable name', () => {
    const attempt = () => loadConfig({ PORT: 'oito', DATABASE_URL: 'mysql://x', ADMIN_PASSWORD: '123' });
    expect(attempt).toThrow(ConfigError);
    // One message naming every bad variable at once.
    expect(attempt).toThrow('PORT:');
    expect(attempt).toThrow('DATABASE_URL: deve começar com postgres:// ou postgresql://');
    expect(attempt).toThrow('ADMIN_PASSWORD: deve ter pelo menos 8 caracteres');
  });
});

describe('S3 storage configuration', () => {
  const keys = { S3_ACCESS_KEY_ID: 'AKIA-teste', S3_SECRET_ACCESS_KEY: 'segredo' };

  it('simulates payments only when PAYMENTS_SANDBOX asks for it, never on an https address, in production or with a token', () => {
    expect(loadConfig({}).payments.sandbox).toBeUndefined();
    expect(loadConfig({ PAYMENTS_SANDBOX: 'true' }).payments.sandbox).toBe(true);
    expect(loadConfig({ PAYMENTS_SANDBOX: '1', APP_URL: 'http://192.168.0.10:8080' }).payments.sandbox).toBe(true);
    expect(loadConfig({ PAYMENTS_SANDBOX: 'false' }).payments.sandbox).toBeUndefined();
    expect(() => loadConfig({ PAYMENTS_SANDBOX: 'sim' })).toThrow('PAYMENTS_SANDBOX: deve ser true ou false');
    expect(() => loadConfig({ PAYMENTS_SANDBOX: 'true', APP_URL: 'https://secretaria.escola.edu.br' })).toThrow(
      'PAYMENTS_SANDBOX: a simulação de pagamentos não pode ser usada com um APP_URL https',
    );
    expect(() =>
      loadConfig({ PAYMENTS_SANDBOX: 'true', NODE_ENV: 'production', ADMIN_EMAIL: 'diretoria@escola.edu.br' }),
    ).toThrow('PAYMENTS_SANDBOX: a simulação de pagamentos não roda com NODE_ENV=production');
    expect(() =>
      loadConfig({
        PAYMENTS_SANDBOX: 'true',
        MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-123456789',
        MERCADOPAGO_WEBHOOK_SECRET: 'segredo-longo',
      }),
    ).toThrow('PAYMENTS_SANDBOX: não pode ser usado junto com MERCADOPAGO_ACCESS_TOKEN');
  });

  it('uses no payment provider unless a Mercado Pago token is set, and then needs the webhook secret', () => {
    expect(loadConfig({}).payments).toEqual({
      accessToken: undefined,
      webhookSecret: undefined,
      baseUrl: 'https://api.mercadopago.com',
    });
    expect(() => loadConfig({ MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-123456789' })).toThrow(
      'MERCADOPAGO_WEBHOOK_SECRET: é obrigatório quando MERCADOPAGO_ACCESS_TOKEN está definido',
    );
    expect(
      loadConfig({ MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-123456789', MERCADOPAGO_WEBHOOK_SECRET: 'segredo-longo' })
        .payments,
    ).toMatchObject({ accessToken: 'APP_USR-123456789', webhookSecret: 'segredo-longo' });
  });

  it('keeps files local unless S3_BUCKET is set', () => {
    expect(loadConfig({ S3_ENDPOINT: 'http://minio:9000', ...keys }).s3).toBeUndefined();
  });

  it('chooses S3 from the variables, path-style by default only with an endpoint', () => {
    expect(loadConfig({ S3_BUCKET: 'secretaria', ...keys }).s3).toEqual({
      bucket: 'secretaria',
      region: 'us-east-1',
      endpoint: undefined,
      accessKeyId: 'AKIA-teste',
      secretAccessKey: 'segredo',
      forcePathStyle: false,
      prefix: undefined,
    });
    const minio = loadConfig({
      S3_BUCKET: 'secretaria',
      S3_ENDPOINT: 'http://minio:9000',
      S3_REGION: 'sa-east-1',
      S3_PREFIX: '/escola-a/',
      ...keys,
    }).s3;
    expect(minio).toMatchObject({
      endpoint: 'http://minio:9000',
      region: 'sa-east-1',
      forcePathStyle: true,
      prefix: 'escola-a',
    });
    expect(
      loadConfig({
        S3_BUCKET: 'secretaria',
        S3_ENDPOINT: 'https://r2.exemplo.com',
        S3_FORCE_PATH_STYLE: 'false',
        ...keys,
      }).s3?.forcePathStyle,
    ).toBe(false);
  });

  it('refuses to start with a bucket but no keys, naming each missing variable', () => {
    const attempt = () => loadConfig({ S3_BUCKET: 'secretaria', S3_SECRET_ACCESS_KEY: '' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow('S3_ACCESS_KEY_ID: é obrigatório quando S3_BUCKET está definido');
    expect(attempt).toThrow('S3_SECRET_ACCESS_KEY: é obrigatório quando S3_BUCKET está definido');
    expect(() => loadConfig({ S3_BUCKET: 'Meu Bucket', ...keys })).toThrow('S3_BUCKET:');
    expect(() => loadConfig({ S3_BUCKET: 'secretaria', S3_FORCE_PATH_STYLE: 'sim', ...keys })).toThrow(
      'S3_FORCE_PATH_STYLE:',
    );
  });
});

describe('password hashing', () => {
  it('verifies the right password only, with a salt per hash', async () => {
    const a = await hashPassword('correta-123');
    const b = await hashPassword('correta-123');
    expect(a).not.toBe(b);
    expect(await verifyPassword('correta-123', a)).toBe(true);
    expect(await verifyPassword('errada', a)).toBe(false);
    expect(await verifyPassword('correta-123', 'md5$abc')).toBe(false);
  });

  it("writes Argon2id with OWASP's parameters as a PHC string, and Node's Argon2id is RFC 9106's", async () => {
    const stored = await hashPassword('correta-123');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(needsRehash(stored)).toBe(false);
    // RFC 9106, section 5.3: the test vector of Argon2id version 19.
    const tag = argon2Sync('argon2id', {
      message: Buffer.alloc(32, 1),
      nonce: Buffer.alloc(16, 2),
      secret: Buffer.alloc(8, 3),
      associatedData: Buffer.alloc(12, 4),
      memory: 32,
      passes: 3,
      parallelism: 4,
      tagLength: 32,
    });
    expect(tag.toString('hex')).toBe('0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659');
  });

  it('still verifies the scrypt hashes written before, and asks to replace them and weaker Argon2 ones', async () => {
    const salt = randomBytes(16);
    const key = scryptSync('antiga-456', salt, 64, { N: 1024, r: 8, p: 1 });
    const legacy = `scrypt$1024$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
    expect(await verifyPassword('antiga-456', legacy)).toBe(true);
    expect(await verifyPassword('antiga-457', legacy)).toBe(false);
    expect(needsRehash(legacy)).toBe(true);
    const weak = await hashPassword('fraca-789', { memory: 1024, passes: 1, parallelism: 1 });
    expect(await verifyPassword('fraca-789', weak)).toBe(true);
    expect(needsRehash(weak)).toBe(true);
    expect(await verifyPassword('fraca-789', weak.replace('m=1024', 'm=2048'))).toBe(false);
  });
});

describe('data provider error mapping', () => {
  it('keeps the first message of each field', () => {
    expect(flattenErrors({ name: ['Primeira.', 'Segunda.'], email: 'Única.' })).toEqual({
      name: 'Primeira.',
      email: 'Única.',
    });
    expect(flattenErrors(null)).toEqual({});
  });
});
