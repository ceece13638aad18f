import type { ReportBuilder } from '../builder';
import { reportCardOf } from '../report-card';

/**
 * The report card (server/reports/report-card.ts) as the file asked for: the spreadsheet, the original client's
 * (its path answers it when no format is given), or the PDF. Each file's library loads only when asked for.
 */
export const reportCard: ReportBuilder = async ({ db, now }, params, out, format) => {
  const card = await reportCardOf(db, params);
  if ('error' in card) return card;
  if (format === 'pdf') await (await import('./report-card-pdf')).reportCardPdf(card, out, now);
  else await (await import('./report-card-xlsx')).reportCardXlsx(db, card, out, now);
};
