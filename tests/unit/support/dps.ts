import type { DpsIssuer } from '../../../server/invoices/dps';
import type { DpsInput } from '../../../server/invoices/service';

/** A school with an alphanumeric CNPJ in São Paulo, on the Simples Nacional: the DPS tests' issuer. */
export const ISSUER: DpsIssuer = {
  cnpj: '12ABC34501DE35',
  inscricao_municipal: '1234567',
  municipio_ibge: '3550308',
  regime: 'simples_nacional',
  iss_rate: 2.5,
};
/** A family's tuition with the payer's whole address and characters XML must escape. */
export const INPUT: DpsInput = {
  series: '1',
  number: 42,
  competence: '2026-03-01',
  issuedAt: '2026-03-10T09:59:00-03:00',
  taker: {
    name: 'Maria das Graças <Souza> & Filhos',
    document: '52998224725',
    email: 'maria@example.com',
    address: {
      cep: '01310-100',
      street: 'Avenida Paulista',
      number: '1578',
      neighborhood: 'Bela Vista',
      municipalityIbge: '3550308',
      complement: 'Apto 12',
    },
  },
  amountCents: 85050,
  serviceCode: '080101',
  description: 'Mensalidade de "Ana" — março',
};
