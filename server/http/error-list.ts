import { ApiError, type FieldErrors } from './errors';

/** The most fields a 422 lists: a 100,000-row body answered 9 MB of errors, which nobody reads. */
export const MAX_ERRORS = 50;

const count = (n: number) => `${n.toLocaleString('pt-BR')} ${n === 1 ? 'erro' : 'erros'}`;

/**
 * The errors of a list checked item by item: the first 50 fields keep their messages, the rest are only
 * counted, and the 422's message says how many more there are.
 */
export class ErrorList {
  readonly errors: FieldErrors = {};
  private fields = 0;

  add(field: string, message: string): void {
    const known = this.errors[field];
    if (known) return void known.push(message);
    this.fields++;
    if (this.fields <= MAX_ERRORS) this.errors[field] = [message];
  }

  get empty(): boolean {
    return this.fields === 0;
  }

  /** The 422 `{message, errors}`: the first message, and how many other fields failed. */
  toError(): ApiError {
    const first = Object.values(this.errors)[0]?.[0] ?? 'Dados inválidos.';
    if (this.fields === 1) return new ApiError(422, first, this.errors);
    const unlisted = this.fields - MAX_ERRORS;
    const note = unlisted > 0 ? `; só os ${MAX_ERRORS} primeiros estão listados` : '';
    return new ApiError(422, `${first} (e mais ${count(this.fields - 1)}${note})`, this.errors);
  }
}
