import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { useDemoVapidKeys } from '../../scripts/vapid-keys.mjs';
import { loadConfig } from '../../server/config';

describe('VAPID keys of npm start', () => {
  it('makes a pair web-push and the configuration accept, keeps it, and never prints the private key', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secretaria-vapid-'));
    try {
      const env: Record<string, string | undefined> = {};
      const told = useDemoVapidKeys(env, dir);
      const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = env;
      expect(() => webpush.setVapidDetails('mailto:secretaria@escola.test', publicKey!, privateKey!)).not.toThrow();
      expect(loadConfig({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey }).push).toMatchObject({
        publicKey,
        privateKey,
        subject: 'mailto:admin@demo.invalid',
      });
      expect(told).toContain(`VAPID_PUBLIC_KEY=${publicKey}`);
      expect(told).not.toContain(privateKey);
      const file = path.join(dir, 'vapid-keys.json');
      expect(fs.statSync(file).mode & 0o077).toBe(0);
      // The next start reads the same pair: subscribed devices keep working.
      const again: Record<string, string | undefined> = {};
      expect(useDemoVapidKeys(again, dir)).toContain('lidas');
      expect(again.VAPID_PRIVATE_KEY).toBe(privateKey);
      // A pair from the environment is left alone.
      expect(useDemoVapidKeys({ VAPID_PUBLIC_KEY: 'x', VAPID_PRIVATE_KEY: 'y' }, dir)).toBeNull();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses half a pair or a key that is not one', () => {
    const { publicKey, privateKey } = webpush.generateVAPIDKeys();
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: publicKey })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: privateKey })).toThrow(/chave pública VAPID/);
    expect(loadConfig({}).push).toBeUndefined();
  });
});
