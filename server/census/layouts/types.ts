/**
 * A census layout as data (INEP's "Leiaute de importação/migração" of one year): per record type its fields in
 * order, each with its size, type, whether it is mandatory (always, or under a condition of the row) and where its
 * value comes from. The writer prints the fields in this order; the checker asks of every mandatory field whether
 * the row has a value, and names the form field that fixes it. A new year is a new file beside this one.
 */

/** `num`: digits only; `alfa`: the layout's letters (names: letters and spaces; texts: census text); `data`: a date. */
export type FieldType = 'num' | 'alfa' | 'data';

export type Value = string | number | null | undefined;

/** Who a problem is about, as the check answers it. */
export type CheckRecord = 'escola' | 'turma' | 'aluno' | 'profissional';

export interface Field<R> {
  /** 1-based, as the layout numbers it. */
  position: number;
  /** The layout's own name of the field. */
  name: string;
  /** The most characters it may hold. */
  size: number;
  type: FieldType;
  /** Mandatory always, or when the row meets the layout's condition. */
  required?: boolean | ((row: R) => boolean);
  /** The value from our row; a field with no source is written empty (the school has nothing to say there). */
  value?: (row: R) => Value;
  /**
   * What the check says when a mandatory value is missing: the form field that fixes it and the words
   * ("cor/raça não informada").
   */
  fix?: {
    field: string;
    missing: string;
    /** The row's team rather than its person (an enrolment's team INEP code in stage 2). */
    about?: 'turma';
  };
}

/** What a field may be given beside its name (position and name come from the layout's list). */
export type FieldSpec<R> = Partial<Omit<Field<R>, 'position' | 'name'>>;

export interface RecordLayout<R> {
  /** '00', '10', '20', '30', '40', '50', '60', '99', '89', '90', '91'. */
  type: string;
  /** What the record describes, in the layout's words (for the tests and the docs). */
  title: string;
  fields: Field<R>[];
  /**
   * What a row lacks that no single field of the record names (a discipline of the team's grid without its
   * componente curricular): a key for the problem, its words and the screen that fixes it.
   */
  checks?: (row: R) => RowCheck[];
}

/** One problem of a whole row (`RecordLayout.checks`). */
export interface RowCheck {
  /** Unique within the row ("census_component:12"). */
  field: string;
  missing: string;
  link: string;
}

/**
 * A record from the layout's ordered list of field names, the fields this school fills given by position; every
 * other field is optional and empty, with the size the layout allows (`sizes`, 1 by default: most are 0/1 answers).
 */
export function recordOf<R>(
  type: string,
  title: string,
  names: string[],
  specs: Record<number, FieldSpec<R>>,
  sizes: Record<number, number> = {},
): RecordLayout<R> {
  for (const position of Object.keys(specs).map(Number))
    if (position < 1 || position > names.length)
      throw new Error(`Registro ${type}: campo ${position} fora do leiaute.`);
  return {
    type,
    title,
    fields: names.map((name, i) => {
      const position = i + 1;
      return { position, name, size: sizes[position] ?? 1, type: 'num', ...specs[position] } as Field<R>;
    }),
  };
}
