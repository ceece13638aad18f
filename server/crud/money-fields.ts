import { amountOf } from '../../resources/format';
import type { ResourceConfig } from '../../resources/types';

type Row = Record<string, unknown>;

/** A resource's amounts (`type: 'money'`): kept in `<name>_cents`, answered as `<name>` in reais and `<name>_cents`. */
export class MoneyFields {
  private readonly names: string[];

  constructor(config: ResourceConfig) {
    this.names = config.fields.filter((f) => f.type === 'money').map((f) => f.name);
  }

  /** A row read from the table, answered with both: 125050 in `<name>_cents` and 1250.5 in `<name>`. */
  answer(row: Row): void {
    for (const field of this.names) {
      const cents = row[`${field}_cents`];
      const known = cents !== null && cents !== undefined;
      row[`${field}_cents`] = known ? Number(cents) : null;
      row[field] = known ? amountOf(cents as number) : null;
    }
  }

  /** Validated values by column: an amount goes to its `_cents` column. */
  columns(values: Row): Row {
    const copy = { ...values };
    for (const field of this.names)
      if (field in copy) {
        copy[`${field}_cents`] = copy[field];
        delete copy[field];
      }
    return copy;
  }
}
