/** The NFS-e of a charge as `GET /api/financials/{id}/nfse` answers it (issue 41). */
export type InvoiceStatus = 'pendente' | 'emitida' | 'rejeitada' | 'cancelada';

export interface InvoiceError {
  code: string;
  message: string;
}

export interface ChargeInvoice {
  id: number;
  financial_id: number;
  status: InvoiceStatus;
  number: string | null;
  access_key: string | null;
  issued_at: string | null;
  errors: InvoiceError[];
  document: { code: string; file_name: string } | null;
  amount_cents: number;
  description: string;
  simulated: boolean;
  /** The payment was undone: the clerk is asked to cancel it. */
  cancel_suggested: boolean;
  cancelled_at: string | null;
  cancel_reason: string | null;
}

/** A row of Financeiro › Notas fiscais (`GET /api/nfse`). */
export interface InvoiceRow {
  id: number;
  financial_id: number;
  student: { id: number; name: string };
  quota: number;
  due_date: string;
  amount_cents: number;
  status: InvoiceStatus;
  number: string | null;
  issued_at: string | null;
  errors: InvoiceError[];
  simulated: boolean;
  cancel_suggested: boolean;
}

/** The words and colours of each status, the same on the tab and in the list. */
export const INVOICE_STATUS: Record<InvoiceStatus, { text: string; color: 'default' | 'success' | 'error' | 'info' }> =
  {
    pendente: { text: 'Em emissão', color: 'info' },
    emitida: { text: 'Emitida', color: 'success' },
    rejeitada: { text: 'Rejeitada', color: 'error' },
    cancelada: { text: 'Cancelada', color: 'default' },
  };

/** The cancellation's reasons (the layout's codes), as the dialog offers them. */
export const CANCEL_REASONS = [
  { code: '1', label: 'Erro na emissão' },
  { code: '2', label: 'Serviço não prestado' },
  { code: '9', label: 'Outros' },
];

/** The react-admin resource of the clerk's list: its queries' keys start with it. */
export const INVOICES_RESOURCE = 'notas-fiscais';
