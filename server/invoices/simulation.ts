import { createHash } from 'node:crypto';
import { buildDps, LAYOUT_VERSION, NFSE_NAMESPACE, type DpsIssuer } from './dps';
import type { CancelResult, DpsInput, InvoiceService, IssueResult } from './service';

export const SIMULATION_MARK = 'SIMULAÇÃO — SEM VALOR FISCAL';
const SIMULATION_COMMENT = 'Nota simulada pela Secretaria: SEM VALOR FISCAL, nunca enviada à Sefin Nacional';

/** Modulo 11 over the digits (weights 2..9 from the right), as the access key's last digit. */
function mod11(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += (digits.charCodeAt(digits.length - 1 - i) - 48) * ((i % 8) + 2);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/**
 * A 50-character key in the national key's shape — municipality (7), environment (1), inscription type (1), CNPJ
 * (14), NFS-e number (13), year and month (4), a code (9) and a check digit — the code drawn from the DPS's Id, so
 * that the same DPS always gets the same key (a retried issue finds the invoice it already has).
 */
export function simulatedAccessKey(issuer: DpsIssuer, dps: DpsInput, id: string): string {
  const code = BigInt(`0x${createHash('sha256').update(id).digest('hex').slice(0, 15)}`) % 1_000_000_000n;
  const body =
    issuer.municipio_ibge +
    '2' +
    '2' +
    issuer.cnpj.padStart(14, '0') +
    String(dps.number).padStart(13, '0') +
    dps.competence.slice(2, 4) +
    dps.competence.slice(5, 7) +
    String(code).padStart(9, '0');
  return body + String(mod11(body));
}

/**
 * The offline demonstration (`environment: 'simulacao'`, only with PAYMENTS_SANDBOX outside production): issues at
 * once, nothing leaves the machine, and the NFS-e says so in its XML. Its DANFSe is marked the same way by the flow.
 */
export function simulationService(issuer: DpsIssuer, now: () => Date = () => new Date()): InvoiceService {
  return {
    environment: 'simulacao',
    async issue(dps: DpsInput): Promise<IssueResult> {
      const { id, xml } = buildDps(issuer, dps, 2);
      const accessKey = simulatedAccessKey(issuer, dps, id);
      const issuedAt = now().toISOString();
      const nfse =
        `<NFSe xmlns="${NFSE_NAMESPACE}" versao="${LAYOUT_VERSION}"><!-- ${SIMULATION_COMMENT} -->` +
        `<infNFSe Id="NFS${accessKey}"><xOutInf>${SIMULATION_MARK}</xOutInf><nNFSe>${dps.number}</nNFSe>` +
        `<dhProc>${issuedAt}</dhProc><ambGer>2</ambGer>${xml}</infNFSe></NFSe>`;
      return { outcome: 'emitida', number: String(dps.number), accessKey, issuedAt, xml: nfse, simulated: true };
    },
    async cancel(): Promise<CancelResult> {
      return { outcome: 'cancelada', cancelledAt: now().toISOString() };
    },
  };
}
