import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FileDrop } from '../../src/public/FileDrop';
import { lookupCode } from '../../src/public/VerifyPage';
import { ALTERED, AUTHENTIC, VerifyResult } from '../../src/public/VerifyResult';

/** The public verification page's answers: the lookup by code and the check of a received file. */

const CODE = 'HIST_0123456789ABCDEF';
let answer: { status: number; body: unknown };
let sent: { url: string; init: RequestInit }[];

beforeEach(() => {
  sent = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    // A real challenge, as the server issues it (tiny, so it is solved at once).
    if (url.endsWith('/captcha/challenge')) {
      const challenge = await createChallenge({
        algorithm: 'PBKDF2/SHA-256',
        cost: 1,
        counter: 3,
        deriveKey,
        hmacSignatureSecret: 'segredo-de-teste',
      });
      return new Response(JSON.stringify(challenge), { status: 200, headers: { 'content-type': 'application/json' } });
    }
    sent.push({ url, init });
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('lookup by code', () => {
  it('shows holder, type, team and the issue date in São Paulo, nothing else', async () => {
    answer = {
      status: 200,
      body: [
        {
          type: 'HISTORY',
          type_name: 'Histórico escolar',
          created_at: '2026-11-24T01:30:00.000Z',
          student: { name: 'Heloísa Martins Costa' },
          team: { name: 'Turma Médio 2026 A' },
        },
      ],
    };
    const lookup = await lookupCode(CODE, 'solucao');
    expect(sent[0].url).toBe(`/api/documents/has-document/${CODE}`);
    expect((sent[0].init.headers as Record<string, string>)['x-altcha']).toBe('solucao');
    render(<VerifyResult code={CODE} lookup={lookup} />);
    expect(screen.getByText('Documento válido')).toBeTruthy();
    expect(screen.getByText('Heloísa Martins Costa')).toBeTruthy();
    expect(screen.getByText('Histórico escolar')).toBeTruthy();
    expect(screen.getByText('Turma Médio 2026 A')).toBeTruthy();
    // 01:30 UTC on the 24th is still the 23rd at the school.
    expect(screen.getByText('23/11/2026')).toBeTruthy();
  });

  it("says so when the code is unknown, in the server's words", async () => {
    answer = {
      status: 404,
      body: { error: 'not_found', message: 'Não foi encontrado nenhum documento válido com este código.' },
    };
    render(<VerifyResult code={CODE} lookup={await lookupCode(CODE, 'solucao')} />);
    expect(screen.getByText('Documento não encontrado')).toBeTruthy();
    expect(screen.getByText('Não foi encontrado nenhum documento válido com este código.')).toBeTruthy();
    expect(screen.queryByText('Documento válido')).toBeNull();
  });
});

describe('check of the received file', () => {
  const upload = (content: string) => {
    render(
      <MemoryRouter>
        <FileDrop code={CODE} />
      </MemoryRouter>,
    );
    const file = new File([content], 'historico.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('Arquivo PDF recebido'), { target: { files: [file] } });
    return file;
  };

  it('posts the raw PDF and says it is the exact document issued', async () => {
    answer = {
      status: 200,
      body: { match: true, message: 'Este arquivo é exatamente o documento emitido pela escola.' },
    };
    const file = upload('%PDF-1.7 original');
    expect(await screen.findByText(AUTHENTIC)).toBeTruthy();
    expect(screen.queryByText(ALTERED)).toBeNull();
    expect(sent[0].url).toBe(`/api/documents/has-document/${CODE}/file`);
    expect(sent[0].init.method).toBe('POST');
    expect((sent[0].init.headers as Record<string, string>)['content-type']).toBe('application/pdf');
    expect(sent[0].init.body).toBe(file);
    // With a solved proof of work, as the lookup by code: the server refuses the file without one.
    const payload = JSON.parse(atob((sent[0].init.headers as Record<string, string>)['x-altcha']));
    expect(payload.challenge.parameters.algorithm).toBe('PBKDF2/SHA-256');
    expect(payload.solution.counter).toBe(3);
  });

  it('says an altered copy does not match', async () => {
    answer = {
      status: 200,
      body: {
        match: false,
        message: 'Este arquivo NÃO é o documento emitido pela escola: ele foi alterado ou é outro documento.',
      },
    };
    upload('%PDF-1.7 editado');
    expect(await screen.findByText(ALTERED)).toBeTruthy();
    expect(screen.queryByText(AUTHENTIC)).toBeNull();
    expect(screen.getByText(/foi alterado ou é outro documento/)).toBeTruthy();
  });

  it("passes on the server's refusal of a file that is not a PDF", async () => {
    answer = { status: 422, body: { message: 'O arquivo enviado não é um PDF.' } };
    upload('texto');
    expect(await screen.findByText('O arquivo enviado não é um PDF.')).toBeTruthy();
    expect(screen.queryByText(AUTHENTIC)).toBeNull();
    expect(screen.queryByText(ALTERED)).toBeNull();
  });
});
