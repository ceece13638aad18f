import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { dynamic } from '../../server/db/connection';
import { NOT_PKCS12, WRONG_PASSWORD } from '../../server/invoices/certificate';
import { invoiceServiceFor } from '../../server/invoices/index';
import { makeA1, makeCa } from './support/a1';
import { serverPerTest } from './support/per-test';
import { describeOnDatabases } from './support/server';

const ca = makeCa();
const a1 = makeA1(ca, { password: 'senha-do-a1' });
const KEY = randomBytes(32);

const SETTINGS = {
  cnpj: '12.ABC.345/01DE-35',
  inscricao_municipal: '1234567',
  municipio_ibge: '3550308',
  regime: 'simples_nacional',
  service_code: '08.01.01',
  iss_rate: '2,5',
  description_template: 'Mensalidade de {aluno} — {mes} (parcela {parcela})',
  issue_on: 'payment',
  environment: 'simulacao',
};

describeOnDatabases('the school as NFS-e issuer: its settings and its A1 certificate', (dialect) => {
  const demo = serverPerTest(dialect, { encryptionKey: KEY, payments: { sandbox: true } });

  const upload = async (file: Buffer | null, password: string | null) => {
    const form = new FormData();
    if (file) form.append('file', new Blob([new Uint8Array(file)], { type: 'application/x-pkcs12' }), 'escola.pfx');
    if (password !== null) form.append('password', password);
    const response = await fetch(`${demo.server.url}/api/nfse/certificate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${demo.token}` },
      body: form,
    });
    return { status: response.status, body: await response.json() };
  };

  it('starts unconfigured (no environment: no invoice service) and keeps what Administração saves', async () => {
    const empty = await demo.call('GET', '/api/nfse/settings');
    expect(empty.status).toBe(200);
    expect(empty.body.data).toMatchObject({ environment: null, certificate: null, issue_on: 'payment' });
    expect(await invoiceServiceFor({ db: demo.server.db, sandbox: true })).toBeNull();

    const saved = await demo.call('PUT', '/api/nfse/settings', SETTINGS);
    expect(saved.status).toBe(200);
    const expected = {
      cnpj: '12ABC34501DE35',
      inscricao_municipal: '1234567',
      municipio_ibge: '3550308',
      regime: 'simples_nacional',
      service_code: '080101',
      iss_rate: 2.5,
      description_template: 'Mensalidade de {aluno} — {mes} (parcela {parcela})',
      issue_on: 'payment',
      environment: 'simulacao',
      certificate: null,
    };
    expect(saved.body.data).toMatchObject(expected);
    expect((await demo.call('GET', '/api/nfse/settings')).body.data).toMatchObject(expected);
    const service = await invoiceServiceFor({ db: demo.server.db, sandbox: true });
    expect(service?.environment).toBe('simulacao');
    // The same install without the demonstration's sandbox never simulates.
    expect(await invoiceServiceFor({ db: demo.server.db, sandbox: false })).toBeNull();
  });

  it('answers 422 in Portuguese, field by field, and saves nothing', async () => {
    const refused = await demo.call('PUT', '/api/nfse/settings', {
      ...SETTINGS,
      cnpj: '12.ABC.345/01DE-36',
      inscricao_municipal: '1234567890123456',
      municipio_ibge: '355030',
      service_code: '0801',
      iss_rate: 6,
      regime: 'lucro',
      description_template: 'Mensalidade de {nome}',
      environment: 'homologacao',
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      cnpj: [expect.stringMatching(/^CNPJ inválido/)],
      // The layout's TSInscMun has 1 to 15 characters: a longer one would have every DPS refused by the service.
      inscricao_municipal: ['A inscrição municipal pode ter no máximo 15 caracteres.'],
      municipio_ibge: ['O código IBGE do município deve ter 7 dígitos (o de São Paulo é 3550308).'],
      service_code: ['O código de tributação nacional deve ter 6 dígitos, como 080101 (item 8.01 da LC 116).'],
      iss_rate: ['A alíquota do ISS deve ser um número de 2 a 5, com no máximo duas casas decimais.'],
      regime: ['Escolha o regime tributário: Simples Nacional, MEI ou não optante.'],
      description_template: ['A descrição usa {nome}, que não existe: use {aluno}, {mes} e {parcela}.'],
      environment: ['Escolha o ambiente: produção, produção restrita ou simulação.'],
    });
    const incomplete = await demo.call('PUT', '/api/nfse/settings', { environment: 'simulacao' });
    expect(incomplete.status).toBe(422);
    expect(Object.keys(incomplete.body.errors).sort()).toEqual(
      ['cnpj', 'iss_rate', 'municipio_ibge', 'regime', 'service_code'].sort(),
    );
    const real = await demo.call('PUT', '/api/nfse/settings', { ...SETTINGS, environment: 'producao_restrita' });
    expect(real.status).toBe(422);
    expect(real.body.errors.environment).toEqual([
      'Envie o certificado digital A1 da escola antes de escolher produção ou produção restrita.',
    ]);
    expect((await demo.call('GET', '/api/nfse/settings')).body.data.environment).toBeNull();
    // Bodies of the wrong shape are 422 too, never a 5xx.
    for (const body of [[], 'texto', { cnpj: 123 }, { iss_rate: {} }, { environment: 5 }, { issue_on: 'sempre' }])
      expect((await demo.call('PUT', '/api/nfse/settings', body)).status, JSON.stringify(body)).toBe(422);
    const long = await demo.call('PUT', '/api/nfse/settings', { description_template: 'a'.repeat(1001) });
    expect(long.body.errors.description_template).toEqual([
      'A descrição do serviço pode ter no máximo 1000 caracteres.',
    ]);
  });

  it('reads the A1 (subject, CNPJ, expiry), keeps it sealed, never answers it; refuses a non-PKCS#12 and a wrong password', async () => {
    const notPfx = await upload(Buffer.from('isto não é um certificado'), 'senha-do-a1');
    expect(notPfx).toEqual({ status: 422, body: { message: NOT_PKCS12, errors: { file: [NOT_PKCS12] } } });
    const wrong = await upload(a1.pfx, 'outra-senha');
    expect(wrong).toEqual({ status: 422, body: { message: WRONG_PASSWORD, errors: { password: [WRONG_PASSWORD] } } });
    const missing = await upload(null, null);
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['file', 'password']);
    const tooLarge = await upload(Buffer.concat([a1.pfx, Buffer.alloc(70 * 1024)]), 'senha-do-a1');
    expect(tooLarge.status).toBe(422);

    const good = await upload(a1.pfx, 'senha-do-a1');
    expect(good.status).toBe(200);
    const certificate = {
      subject: 'ESCOLA EXEMPLO LTDA:12ABC34501DE35',
      cnpj: '12ABC34501DE35',
      not_after: a1.notAfter.toISOString(),
    };
    expect(good.body.data).toEqual(certificate);

    const read = await demo.call('GET', '/api/nfse/settings');
    expect(read.body.data.certificate).toEqual(certificate);
    expect((await demo.call('GET', '/api/nfse/certificate')).body).toEqual({ data: certificate });
    const answered = JSON.stringify(read.body);
    expect(answered).not.toContain('senha-do-a1');
    expect(answered).not.toContain('sealed');

    const row = await dynamic(demo.server.db).selectFrom('nfse_settings').selectAll().executeTakeFirstOrThrow();
    const stored = String(row.certificate_sealed);
    expect(stored).not.toContain(a1.pfx.toString('base64').slice(0, 40));
    expect(stored).not.toContain('senha-do-a1');

    // With the certificate, produção restrita may be chosen and the service is Sefin's.
    const real = await demo.call('PUT', '/api/nfse/settings', { ...SETTINGS, environment: 'producao_restrita' });
    expect(real.status).toBe(200);
    const service = await invoiceServiceFor({ db: demo.server.db, sandbox: true, encryptionKey: KEY });
    expect(service?.environment).toBe('producao_restrita');
    // Another CNPJ than the certificate's is refused.
    const other = await demo.call('PUT', '/api/nfse/settings', {
      ...SETTINGS,
      cnpj: '11.222.333/0001-81',
      environment: 'producao_restrita',
    });
    expect(other.body.errors).toEqual({ cnpj: ['O CNPJ informado não é o do certificado digital enviado.'] });
  });
});

describeOnDatabases('the NFS-e settings on a real install (no sandbox, no encryption key)', (dialect) => {
  const real = serverPerTest(dialect);

  it('refuses the simulation and cannot keep a certificate without SECRETARIA_ENCRYPTION_KEY', async () => {
    const simulated = await real.call('PUT', '/api/nfse/settings', SETTINGS);
    expect(simulated.status).toBe(422);
    expect(simulated.body.errors.environment).toEqual([
      'A simulação só pode ser escolhida numa instalação de demonstração (PAYMENTS_SANDBOX=true, fora de produção).',
    ]);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(a1.pfx)]), 'escola.pfx');
    form.append('password', 'senha-do-a1');
    const response = await fetch(`${real.server.url}/api/nfse/certificate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${real.token}` },
      body: form,
    });
    expect(response.status).toBe(409);
    expect((await response.json()).message).toMatch(/SECRETARIA_ENCRYPTION_KEY/);
  });
});
