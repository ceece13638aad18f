import { renderBoletoPdf } from '../payments/boleto-pdf';
import { renderInvitationLetter } from '../portal/invitation-letter';
import { appendSignaturePage, type SignaturePageInput } from '../signatures/page';
import { renderCertificate } from './certificate';
import { renderDanfse } from './danfse';
import { renderHistory } from './history';
import { renderLetterheadProof } from './letterhead';
import { renderTableDocument } from './table-document';
import { renderTextDocument } from './text-document';

/**
 * The PDF renderers that run in worker threads: pure functions of plain data (nothing but what structured
 * cloning carries), so a route gathers the data and a thread draws.
 */
export const RENDERERS = {
  certificate: renderCertificate,
  history: renderHistory,
  table: renderTableDocument,
  text: renderTextDocument,
  boleto: renderBoletoPdf,
  invitationLetter: renderInvitationLetter,
  letterheadProof: renderLetterheadProof,
  /** The NFS-e's printable form (server/invoices). */
  danfse: renderDanfse,
  /** The signed PDF: the document read with the evidence page appended (server/signatures). */
  signaturePage: async (input: SignaturePageInput) => appendSignaturePage(input),
};

export type RendererName = keyof typeof RENDERERS;
