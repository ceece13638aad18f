// Web Push's VAPID pair for `npm start` outside production (issue 36): the one kept in DATA_DIR/vapid-keys.json, made
// on the first start. Production sets VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY itself (docs/operacao/variaveis.md):
// a pair that changes would silence every device already subscribed.
import { createECDH } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** A new P-256 pair, base64url, as `web-push generate-vapid-keys` prints it (public: 65 bytes; private: 32). */
export function makeVapidKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: ecdh.getPrivateKey().toString('base64url').padStart(43, 'A'),
  };
}

/**
 * Sets VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY from `dataDir`'s file, making it (readable by this user only) when
 * absent; answers what to print: the public key and where the private one is, never the private key itself.
 */
export function useDemoVapidKeys(env, dataDir) {
  if (env.VAPID_PUBLIC_KEY || env.VAPID_PRIVATE_KEY) return null;
  const file = path.join(dataDir, 'vapid-keys.json');
  let keys;
  let made = false;
  try {
    keys = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    keys = makeVapidKeys();
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(keys, null, 2) + '\n', { mode: 0o600 });
    made = true;
  }
  env.VAPID_PUBLIC_KEY = keys.publicKey;
  env.VAPID_PRIVATE_KEY = keys.privateKey;
  return (
    `Web Push: chaves VAPID ${made ? 'criadas' : 'lidas'} em ${file} (a privada fica só no arquivo).\n` +
    `  VAPID_PUBLIC_KEY=${keys.publicKey}\n` +
    '  Em produção, defina VAPID_PUBLIC_KEY e VAPID_PRIVATE_KEY (docs/operacao/variaveis.md).'
  );
}
