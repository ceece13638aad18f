import net from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readA1 } from '../../server/invoices/certificate';
import type { DpsIssuer } from '../../server/invoices/dps';
import { CERTIFICATE_REFUSED, sefinService } from '../../server/invoices/sefin';
import { TransientInvoiceError, type DpsInput } from '../../server/invoices/service';
import { makeA1, makeCa } from '../api/support/a1';
import { hasOpenssl, startFakeSefin, startTlsFront, type FakeSefin } from '../api/support/fake-sefin';

const ISSUER: DpsIssuer = {
  cnpj: '12ABC34501DE35',
  inscricao_municipal: '1234567',
  municipio_ibge: '3550308',
  regime: 'simples_nacional',
  iss_rate: 2.5,
};

let number = 100;
const dps = (): DpsInput => ({
  series: '1',
  number: (number += 1),
  competence: '2026-03-01',
  issuedAt: '2026-03-10T09:59:00-03:00',
  taker: { name: 'Maria das Graças Souza', document: '52998224725' },
  amountCents: 85000,
  serviceCode: '080101',
  description: 'Mensalidade escolar de Ana Souza, referente a março de 2026 (parcela 3/12).',
});

describe('the Sefin Nacional adapter against a local fake with mutual TLS', () => {
  const ca = makeCa();
  const a1 = readA1(makeA1(ca, { password: 'segredo' }).pfx, 'segredo');
  let fake: FakeSefin;
  // 10 s: a wait bound for a loaded machine (the fake checks each DPS against the XSD), not a performance figure.
  const service = (timeoutMs = 10_000, url?: string) =>
    sefinService({
      environment: 'producao_restrita',
      issuer: ISSUER,
      a1,
      baseUrl: url ?? fake.url,
      ca: ca.certPem,
      timeoutMs,
    });

  beforeAll(async () => {
    fake = await startFakeSefin(ca);
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.next = [];
    fake.signatureChecks = [];
    fake.requests = [];
  });

  it('issues: the signed DPS verified against the client certificate, the access key and the NFS-e read back', async () => {
    const result = await service().issue(dps());
    expect(result).toMatchObject({ outcome: 'emitida', simulated: false, issuedAt: '2026-03-10T13:00:05.000Z' });
    if (result.outcome !== 'emitida') throw new Error('not issued');
    expect(result.accessKey).toMatch(/^[0-9A-Z]{50}$/);
    expect(result.number).toMatch(/^\d+$/);
    expect(result.xml).toContain('<xDescServ>Mensalidade escolar de Ana Souza');
    expect(fake.signatureChecks).toEqual([true]);
    expect(fake.requests).toEqual([{ method: 'POST', path: '/nfse', clientCn: 'ESCOLA EXEMPLO LTDA:12ABC34501DE35' }]);
  });

  it('checks every DPS against the layout’s XSD: one it refuses is E1235 with the element named, never issued', async () => {
    fake.schemaChecks = [];
    const issued = fake.issued.size;
    const tooLong = sefinService({
      environment: 'producao_restrita',
      issuer: { ...ISSUER, inscricao_municipal: '1234567890123456' },
      a1,
      baseUrl: fake.url,
      ca: ca.certPem,
      timeoutMs: 10_000,
    });
    const result = await tooLong.issue(dps());
    expect(result).toEqual({
      outcome: 'rejeitada',
      errors: [{ code: 'E1235', message: expect.stringMatching(/^Falha no esquema XML\. .*Element 'IM'.*maxLength/) }],
    });
    expect(fake.issued.size).toBe(issued);
    expect(fake.signatureChecks).toEqual([]);
    expect((await service().issue(dps())).outcome).toBe('emitida');
    expect(fake.schemaChecks.map((c) => [c.document, c.valid])).toEqual([
      ['DPS', false],
      ['DPS', true],
    ]);
  });

  it("answers a refusal as 'rejeitada' with the service's codes and messages", async () => {
    fake.next = ['reject'];
    expect(await service().issue(dps())).toEqual({
      outcome: 'rejeitada',
      errors: [
        {
          code: 'E0310',
          message: 'O código de tributação nacional informado não existe conforme a lista de serviços nacional.',
        },
      ],
    });
  });

  it('never issues twice: the same DPS sent again is answered by the NFS-e already issued, read back by its Id', async () => {
    const same = dps();
    const first = await service().issue(same);
    const again = await service().issue(same);
    expect(again).toEqual(first);
    expect(fake.requests.map((r) => `${r.method} ${r.path.replace(/\/[0-9A-Z]{40,}/, '/…')}`)).toEqual([
      'POST /nfse',
      'POST /nfse',
      'GET /dps/…',
      'GET /nfse/…',
    ]);
  });

  it('a lost answer is a transient error; the retry finds the invoice issued, and there is one', async () => {
    const same = dps();
    fake.next = ['lose-answer'];
    await expect(service().issue(same)).rejects.toBeInstanceOf(TransientInvoiceError);
    const before = fake.issued.size;
    const retried = await service().issue(same);
    expect(retried.outcome).toBe('emitida');
    expect(fake.issued.size).toBe(before);
  });

  it('a timeout, a 500 and a refused connection are transient (the job runner retries them)', async () => {
    fake.next = ['timeout'];
    await expect(service(300).issue(dps())).rejects.toThrow(
      new TransientInvoiceError('A Sefin Nacional não respondeu a tempo; nova tentativa depois.'),
    );
    fake.next = ['error500'];
    await expect(service().issue(dps())).rejects.toThrow(/respondeu 500/);
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(service(2000, `https://127.0.0.1:${port}/SefinNacional`).issue(dps())).rejects.toBeInstanceOf(
      TransientInvoiceError,
    );
  });

  it('cancels with the signed cancellation event; a second cancellation is refused by the service', async () => {
    const issued = await service().issue(dps());
    if (issued.outcome !== 'emitida') throw new Error('not issued');
    const reason = { code: '1', text: 'Pagamento estornado pela escola.' };
    expect(await service().cancel(issued.accessKey, reason)).toEqual({
      outcome: 'cancelada',
      cancelledAt: '2026-03-11T12:00:00.000Z',
    });
    expect(fake.signatureChecks).toEqual([true, true]);
    expect(await service().cancel(issued.accessKey, reason)).toEqual({
      outcome: 'rejeitada',
      errors: [{ code: 'E0841', message: 'A NFS-e já está cancelada.' }],
    });
  });

  it.skipIf(!hasOpenssl)(
    'a certificate the service refuses in the handshake (another CA, expired) is a rejection the clerk reads, never retried',
    async () => {
      const schoolCa = makeCa('AC da escola');
      // The service trusts `ca` only: the school's A1 comes from another authority.
      const front = await startTlsFront(ca, ca);
      const expiredFront = await startTlsFront(ca, schoolCa);
      try {
        const refused = { outcome: 'rejeitada', errors: [{ code: 'CERTIFICADO', message: CERTIFICATE_REFUSED }] };
        const other = readA1(makeA1(schoolCa, { password: 'x' }).pfx, 'x');
        const at = (url: string, certificate = other) =>
          sefinService({
            environment: 'producao_restrita',
            issuer: ISSUER,
            a1: certificate,
            baseUrl: url,
            ca: ca.certPem,
          });
        expect(await at(front.url).issue(dps())).toEqual(refused);
        expect(await at(front.url).cancel('1'.repeat(50), { code: '1', text: 'Erro na emissão da nota.' })).toEqual(
          refused,
        );
        // The school's own authority, but the certificate expired.
        const expired = makeA1(schoolCa, { password: 'x', notAfter: new Date(Date.now() - 3_600_000) });
        expect(await at(expiredFront.url, readA1(expired.pfx, 'x')).issue(dps())).toEqual(refused);
      } finally {
        front.close();
        expiredFront.close();
      }
    },
  );

  // Node's server drops such a connection after the handshake without an alert: a bare reset, which stays transient.
  it('a client without a certificate from a trusted CA never reaches the service', async () => {
    const stranger = readA1(makeA1(makeCa('Outra AC'), { password: 'x' }).pfx, 'x');
    const refused = sefinService({
      environment: 'producao_restrita',
      issuer: ISSUER,
      a1: stranger,
      baseUrl: fake.url,
      ca: ca.certPem,
    });
    await expect(refused.issue(dps())).rejects.toBeInstanceOf(TransientInvoiceError);
    expect(fake.requests).toEqual([]);
  });
});
