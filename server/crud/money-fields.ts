import { amountOf } from '../../resources/format';
import { columnOf, type ResourceConfig } from '../../resources/types';

type Row = Record<string, unknown>;

/** A resource's amounts (`type: 'money'`): kept in `<name>_cents`, answered as `<name>` in reais and `<name>_cents`. */
export class MoneyFields {
  /** Each amount's name and its column (columnOf: the one rule of where an amount is kept). */
  private readonly fields: { name: string; column: string }[];

  constructor(config: ResourceConfig) {
    this.fields = config.fields.filter((f) => f.type === 'money').map((f) => ({ name: f.name, column: columnOf(f) }));
  }

  /** A row read from the table, answered with both: 125050 in `<name>_cents` and 1250.5 in `<name>`. */
  answer(row: Row): void {
    for (const { name, column } of this.fields) {
      const cents = row[column];
      const known = cents !== null && cents !== undefined;
      row[column] = known ? Number(cents) : null;
      row[name] = known ? amountOf(cents as number) : null;
    }
  }

  /** Validated values by column: an amount goes to its `_cents` column. */
  columns(values: Row): Row {
    const copy = { ...values };
    for (const { name, column } of this.fields)
      if (name in copy) {
        copy[column] = copy[name];
        delete copy[name];
      }
    return copy;
  }
}
