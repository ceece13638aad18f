import { describe, expect, it } from 'vitest';
import { codeRefusal, normalizeDocumentCode } from '../../resources/document-codes';
import { newDocumentCode } from '../../server/documents/codes';

const refusalOf = codeRefusal;

describe('codes a client brings for its own PDF', () => {
  it("accepts the original client's codes, U included, and strong codes of the alphabet", () => {
    for (const code of [
      'HIST_7UK2M9P4QR',
      'cert_u4f0a9c2e1',
      'CERT_UUX7K2M9PQ',
      'HIST_4F0A9C2E1B',
      'HIST_7K2M9P4Q8R3T6V1W',
      '7K2M9P4Q8R3T',
      // Five ones once O, I and L are read as digits, but five different keystrokes as the client drew them.
      'HIST_K4N0YLI1I1',
    ])
      expect(refusalOf(code), code).toBeNull();
  });

  it('refuses the trivially guessable: few distinct symbols, a run, a sequence', () => {
    for (const code of [
      'HIST_0000000000',
      'HIST_UUUUUUUUUU',
      'CERT_ABABABABAB',
      'HIST_AAAAABBBBB',
      'HIST_0123456789',
      'CERT_ABCDEFGHIJ',
      'HIST_9876543210',
      'HIST_X7K22222M9',
      'CERT_QRSTU7K2M9',
      'HIST_GHJKM7X2P9',
      'HIST_7K2M9P4Q8R3T00000',
    ])
      expect(refusalOf(code), code).toBe(
        'Este código é fácil de adivinhar (poucos símbolos diferentes, ou vários repetidos ou em sequência): use outro código.',
      );
  });

  it('refuses what is neither format, saying which formats are accepted', () => {
    const format =
      'O código deve ter um prefixo (HIST_, CERT_, CONT_, DECL_, ATES_ ou NFSE_) e 10 letras ou algarismos, ou pelo menos 10 letras ou algarismos sem a letra U.';
    for (const code of ['HIST_123', 'CERT_ABC/1234567890', 'UX7K2M9PQ4R3', 'HIST_7UK2M9P4QR3', 'X'])
      expect(refusalOf(code), code).toBe(format);
  });

  it("never refuses the server's own codes", () => {
    for (let i = 0; i < 2000; i++) expect(codeRefusal(newDocumentCode('HIST_'))).toBeNull();
  });

  it('reads a code with U as it is: U is never read as another symbol', () => {
    expect(normalizeDocumentCode('hist_7uk2-m9p4 qr')).toBe('HIST_7UK2M9P4QR');
    expect(normalizeDocumentCode('HIST_7UK2M9P4QR')).not.toBe(normalizeDocumentCode('HIST_7VK2M9P4QR'));
  });
});
