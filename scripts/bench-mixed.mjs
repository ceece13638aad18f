// Child process of scripts/bench.mjs: the 200-connection mixed load, four reads (lists and searches) for
// each write (after a warm-up, reported apart), in a process of its own so the load generator does not share the server's event loop.
// argv: base URL, token, seconds, connections. Prints autocannon's JSON result.
import autocannon from 'autocannon';

const [base, token, seconds, connections] = process.argv.slice(2);
const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
let n = 0;
const result = await autocannon({
  url: base,
  connections: Number(connections),
  duration: Number(seconds),
  timeout: 10,
  // The same load for 10 s first, reported apart (`warmup`): the main figures are of a server in steady use;
  // the first seconds, with every connection arriving at once, are slower (docs/desenvolvimento/desempenho.md).
  warmup: { connections: Number(connections), duration: 10 },
  headers,
  // Each connection cycles through these in order: 80 % reads, 20 % writes.
  requests: [
    { method: 'GET', path: '/api/students?page=1&perPage=10' },
    { method: 'GET', path: `/api/students?search=${encodeURIComponent('aluno 4242')}&page=1` },
    { method: 'GET', path: `/api/teachings?search=quimica&page=37&perPage=10` },
    { method: 'GET', path: '/api/teachings?page=1&perPage=10' },
    {
      method: 'POST',
      path: '/api/teachings',
      setupRequest: (request) => ({
        ...request,
        body: JSON.stringify({
          name: `Ensino de carga ${process.pid}-${++n}`,
          description: 'Escrito pelo teste de carga',
        }),
      }),
    },
  ],
});
process.stdout.write(JSON.stringify(result));
