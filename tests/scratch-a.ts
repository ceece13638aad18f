import { startServer } from './api/support/server';
const s = await startServer('sqlite');
const token = await s.login();
async function bench(label: string, n: number, body: () => string, conc = 4) {
  const t0 = Date.now(); let i = 0;
  await Promise.all(Array.from({ length: conc }, async () => { while (i++ < n) { const r = await fetch(`${s.url}/api/teachings/1`, { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body() }); await r.arrayBuffer(); } }));
  const cpu = process.cpuUsage();
  console.log(label, n, Date.now() - t0, 'ms');
}
await bench('bool', 500, () => '{"name":true}');
await bench('bool c1', 500, () => '{"name":true}', 1);
await bench('bool c8', 500, () => '{"name":true}', 8);
const mb = JSON.stringify({ name: 'x'.repeat(1_000_000) });
await bench('1mb', 50, () => mb);
await s.close();
