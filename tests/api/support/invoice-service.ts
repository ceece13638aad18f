import {
  TransientInvoiceError,
  type CancelResult,
  type DpsInput,
  type InvoiceError,
  type InvoiceService,
  type IssueResult,
} from '../../../server/invoices/service';
import type { FlowSettings } from '../../../server/invoices/setup';

export const FLOW_SETTINGS: FlowSettings = {
  issue_on: 'payment',
  service_code: '080101',
  description_template: 'Mensalidade escolar de {aluno}, referente a {mes} (parcela {parcela}).',
  environment: 'producao_restrita',
  cnpj: '12345678000195',
  inscricao_municipal: '1234567',
  municipio_ibge: '1501402',
  iss_rate: 2,
};

/** What the next call does: issue, refuse with these errors, fail as a timeout would, or issue and lose the answer. */
export type Step = 'ok' | 'timeout' | 'lost' | { reject: InvoiceError[] };

/**
 * A service the test steers, keeping what a national service keeps: one NFS-e per DPS series and number (sent
 * again, the one already issued comes back), and the cancellations.
 */
export class ScriptedService implements InvoiceService {
  readonly environment = 'producao_restrita' as const;
  readonly issued = new Map<string, Extract<IssueResult, { outcome: 'emitida' }>>();
  readonly calls: DpsInput[] = [];
  readonly cancelled: { accessKey: string; code: string; text: string }[] = [];
  steps: Step[] = [];
  /** Holds each issue until released (a request in flight when a process dies). */
  hold?: Promise<void>;
  simulated = false;

  async issue(dps: DpsInput): Promise<IssueResult> {
    this.calls.push(dps);
    await this.hold;
    const step = this.steps.shift() ?? 'ok';
    if (step === 'timeout') throw new TransientInvoiceError('Tempo esgotado ao falar com a Sefin Nacional.');
    if (typeof step === 'object') return { outcome: 'rejeitada', errors: step.reject };
    const key = `${dps.series}/${dps.number}`;
    let nfse = this.issued.get(key);
    if (!nfse) {
      const n = this.issued.size + 1;
      nfse = {
        outcome: 'emitida',
        number: String(n),
        accessKey: `1501402${String(n).padStart(43, '0')}`,
        issuedAt: new Date().toISOString(),
        xml: `<NFSe><nNFSe>${n}</nNFSe></NFSe>`,
        simulated: this.simulated,
      };
      this.issued.set(key, nfse);
    }
    if (step === 'lost') throw new TransientInvoiceError('A conexão caiu antes da resposta.');
    return nfse;
  }

  async cancel(accessKey: string, reason: { code: string; text: string }): Promise<CancelResult> {
    this.cancelled.push({ accessKey, ...reason });
    return { outcome: 'cancelada', cancelledAt: new Date().toISOString() };
  }
}
