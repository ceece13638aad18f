import { validationError, type FieldErrors } from '../http/errors';
import type { ReportParams } from './builder';

export interface Range {
  from: string;
  to: string;
  fromLabel: string;
  toLabel: string;
}

/**
 * 422 when a range of a report's form ends before it starts (dates as ISO text, money in centavos): the
 * error names the closing field, as the resource forms do.
 */
export function checkRanges(params: ReportParams, ranges: Range[]): void {
  const errors: FieldErrors = {};
  for (const r of ranges) {
    const from = params[r.from];
    const to = params[r.to];
    if (from === undefined || to === undefined) continue;
    const backwards = typeof from === 'number' && typeof to === 'number' ? to < from : String(to) < String(from);
    if (backwards) errors[r.to] = [`O campo ${r.toLabel} não pode ser anterior ao campo ${r.fromLabel}.`];
  }
  if (Object.keys(errors).length) throw validationError(errors);
}
