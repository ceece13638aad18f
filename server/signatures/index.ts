import type { AreaContext } from '../area';
import type { DocumentType } from '../documents/issue';

/**
 * Electronic signatures (issue 39): a one-time code e-mailed to the signer, the evidence kept, the signed PDF (the
 * document read with a signature page appended) issued with a code the public page verifies. Used by the
 * re-enrolment contract in the portal and by staff signing the school's side.
 */

/**
 * Who signs: a guardian (the family, in the portal), an adult student who is their own financial responsible (in the
 * portal, from their own account), or a staff user (the school's side).
 */
export interface Signer {
  kind: 'guardian' | 'student' | 'user';
  id: number;
  name: string;
  cpf: string | null;
  email: string;
}

/** What is signed, e.g. `{ purpose: 'enrolment_request', subject_id: 12 }`: codes and signatures go by subject. */
export interface SignatureSubject {
  purpose: string;
  subject_id: number;
}

/** The parts of an area's context the service uses: an `AreaContext` may be passed as it is. */
export type SignatureContext = Pick<AreaContext, 'db' | 'storage' | 'mailer'> & {
  settings: Pick<AreaContext['settings'], 'appUrl'>;
};

export interface SignInput {
  subject: SignatureSubject;
  signer: Signer;
  code: string;
  /** The SHA-256 (hex) of the PDF the signer read, as their client computed it. */
  sha256: string;
  /** The PDF to sign, as the server has it now. */
  pdf: Buffer;
  title: string;
  student_id: number | null;
  ip: string;
  user_agent: string;
  /** The signature this one supersedes (a new version of a document already signed). */
  supersedes_id?: number | null;
  /**
   * The issued document signed, whose kind the signed version keeps (its type, hence its code's prefix, and its
   * folder): a history signed stays a `HIST_` history. A contract (`CONT_`) when not given.
   */
  document?: { type: DocumentType; folder?: string | null };
  /**
   * When the signed document stops being valid (its own term, e.g. the school year a contract covers), if it has one:
   * kept on the signature, and the public page answers "expirou" after it. The signature itself does not lapse.
   */
  expires_at?: string | null;
}

export { sendSignatureCode } from './codes';
export { signPdf } from './sign';
