import { dynamic, type Db } from '../db/connection';

export const SIGNED_FILE_MATCHES = 'O arquivo confere com o documento assinado.';
export const SIGNED_FILE_DIFFERS =
  'O arquivo NÃO confere com o documento assinado: ele foi alterado ou é outro documento.';
export const SIGNATURE_EXPIRED = 'A assinatura deste documento expirou e ele não tem mais validade.';

const isoOf = (v: unknown) => (v == null ? null : v instanceof Date ? v.toISOString() : String(v));

/** What the public page tells of a signed document: every signer (the earlier versions' too), and its state. */
export interface SignedDocument {
  signature_id: number;
  title: string;
  student_id: number | null;
  signed_sha256: string;
  /** Oldest first: each version's signer, as the signature pages in the file show them. */
  signers: { name: string; kind: 'guardian' | 'student' | 'user'; signed_at: string; text: string }[];
  revoked_at: string | null;
  expired_at: string | null;
  /** A later version (another signature added) exists: this file is valid, the newer one has more signatures. */
  superseded: boolean;
}

const fmt = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** The signed document issued under one of `codes`, or null when none is a signature's. */
export async function signedDocumentOf(db: Db, codes: string[]): Promise<SignedDocument | null> {
  if (codes.length === 0) return null;
  const k = dynamic(db);
  const columns = [
    'id',
    'title',
    'student_id',
    'signed_sha256',
    'signer_name',
    'signer_kind',
    'signed_at',
    'supersedes_id',
    'revoked_at',
    'expires_at',
  ] as const;
  const head = await k.selectFrom('signatures').select(columns).where('document_code', 'in', codes).executeTakeFirst();
  if (!head) return null;
  const chain = [head];
  // Each version's file carries the pages of the versions before it: their signers signed this file too.
  for (let at = head; at.supersedes_id != null && chain.length < 20;) {
    const previous = await k
      .selectFrom('signatures')
      .select(columns)
      .where('id', '=', at.supersedes_id)
      .executeTakeFirst();
    if (!previous) break;
    chain.push(previous);
    at = previous;
  }
  const newer = await k.selectFrom('signatures').select('id').where('supersedes_id', '=', head.id).executeTakeFirst();
  const expires = isoOf(head.expires_at);
  return {
    signature_id: Number(head.id),
    title: String(head.title),
    student_id: head.student_id == null ? null : Number(head.student_id),
    signed_sha256: String(head.signed_sha256),
    signers: chain.reverse().map((s) => ({
      name: String(s.signer_name),
      kind: s.signer_kind as 'guardian' | 'student' | 'user',
      signed_at: isoOf(s.signed_at)!,
      text:
        `Assinado eletronicamente por ${String(s.signer_name)}` +
        `${s.signer_kind === 'user' ? ' (pela escola)' : ''} em ${fmt.format(new Date(isoOf(s.signed_at)!)).replace(',', '')}`,
    })),
    revoked_at: isoOf(head.revoked_at),
    expired_at: expires && expires <= new Date().toISOString() ? expires : null,
    superseded: Boolean(newer),
  };
}
