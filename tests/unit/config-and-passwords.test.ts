import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../server/auth/passwords';
import { ConfigError, loadConfig } from '../../server/config';
import { flattenErrors } from '../../dataProvider';

describe('configuration from the environment', () => {
  it('has working defaults and prints the demo login from them', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8080, adminEmail: 'admin@escolamodelo.edu.br', adminFromDefaults: true, seedDemo: true });
    expect(config.dataDir.endsWith('/data')).toBe(true);
  });

  it('explains each bad value by variable name', () => {
    const attempt = () => loadConfig({ PORT: 'oito', DATABASE_URL: 'mysql://x', ADMIN_PASSWORD: '123' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT:');
      expect(message).toContain('DATABASE_URL: deve começar com postgres:// ou postgresql://');
      expect(message).toContain('ADMIN_PASSWORD: deve ter pelo menos 8 caracteres');
    }
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
});

describe('data provider error mapping', () => {
  it('keeps the first message of each field', () => {
    expect(flattenErrors({ name: ['Primeira.', 'Segunda.'], email: 'Única.' })).toEqual({ name: 'Primeira.', email: 'Única.' });
    expect(flattenErrors(null)).toEqual({});
  });
});
