import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { sendContact } from '../../src/public/ContactFields';

/** The public contact form's request: the visitor's data travel in the body, never in the URL. */
let sent: { url: string; init: RequestInit }[];
beforeEach(() => {
  sent = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    sent.push({ url, init });
    return new Response(JSON.stringify({ message: 'Mensagem enviada com sucesso!' }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => vi.unstubAllGlobals());

it('posts the contact form as JSON, with nothing of it in the URL', async () => {
  await sendContact(
    {
      nome: 'Marcos Paulo',
      e_mail: 'marcos@familia.com.br',
      doubt: 'Quando começam as matrículas?',
      whatsapp: '(91) 98888-7777',
    },
    'solucao',
  );
  expect(sent).toHaveLength(1);
  expect(sent[0].url).toBe('/api/send-mail');
  expect(sent[0].init.method).toBe('POST');
  expect((sent[0].init.headers as Record<string, string>)['x-altcha']).toBe('solucao');
  expect(JSON.parse(String(sent[0].init.body))).toEqual({
    nome: 'Marcos Paulo',
    e_mail: 'marcos@familia.com.br',
    doubt: 'Quando começam as matrículas?',
    whatsapp: '91988887777',
  });
});
