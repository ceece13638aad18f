import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startSmtp } from '../api/support/mail';
import type { TestProject } from 'vitest/node';

export const E2E_ADMIN = {
  email: 'secretaria.e2e@escolamodelo.edu.br',
  password: 'senha-e2e-123',
  name: 'Administrador',
};

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
    /** Where the test SMTP server writes each message it receives (one .eml file each). */
    mailDir: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitUntilUp(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`O servidor de teste terminou ao iniciar:\n${log()}`);
    try {
      const response = await fetch(`${url}/api/data-of-client`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`O servidor de teste não respondeu em 60 s:\n${log()}`);
}

/** A local ViaCEP speaking its protocol: one known CEP (66000-000, Belém), `{"erro": true}` otherwise. */
async function fakeViaCep(): Promise<{ url: string; server: http.Server }> {
  const server = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify(
        req.url === '/ws/66000000/json/'
          ? {
              cep: '66000-000',
              logradouro: 'Avenida Presidente Vargas',
              bairro: 'Campina',
              localidade: 'Belém',
              uf: 'PA',
            }
          : { erro: true },
      ),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return { url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`, server };
}

/** Starts the built app (`npm run build` first) on a free port with a throwaway SQLite database. */
export default async function setup(project: TestProject) {
  // `npm test` counts these tests without running them where there is no Chromium: no server then.
  if (process.env.E2E_LIST_ONLY === '1') return;
  const root = path.resolve(__dirname, '../..');
  for (const built of ['dist/client/index.html', 'dist/server/main.mjs']) {
    if (!fs.existsSync(path.join(root, built)))
      throw new Error(
        `${built} não existe: rode os testes de navegador com \`npm run test:e2e\`, que gera antes o que estiver desatualizado.`,
      );
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'secretaria-e2e-'));
  const mailDir = path.join(dataDir, 'mails');
  fs.mkdirSync(mailDir);
  let count = 0;
  // Each message lands in mailDir as an .eml file that the tests read.
  const smtp = await startSmtp((raw) =>
    fs.writeFileSync(path.join(mailDir, `${String(++count).padStart(4, '0')}.eml`), raw),
  );
  const cep = await fakeViaCep();
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['dist/server/main.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      STATIC_DIR: path.join(root, 'dist/client'),
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      // The screens are walked over the demo school, as `npm start` makes it.
      SEED_DEMO: 'true',
      PUBLIC_RATE_LIMIT: '1000',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      APP_URL: `http://127.0.0.1:${port}`,
      CEP_VIACEP_URL: cep.url,
      CEP_BRASILAPI_URL: cep.url,
      LOG_LEVEL: 'warn',
      // Screens, not load shedding (load-shedding.test.ts), are tested here: a busy machine must not 503 them.
      MAX_EVENT_LOOP_DELAY_MS: '0',
      // The finance screens pay in the offline simulation.
      PAYMENTS_SANDBOX: 'true',
      TZ: 'America/Sao_Paulo',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const baseURL = `http://127.0.0.1:${port}`;
  await waitUntilUp(baseURL, child, () => output);
  project.provide('baseURL', baseURL);
  project.provide('dataDir', dataDir);
  project.provide('mailDir', mailDir);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await smtp.close();
    await new Promise((r) => cep.server.close(r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
