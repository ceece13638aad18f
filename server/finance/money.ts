/** The finance calls read amounts as the report filters and the forms do (resources/format.ts). */
export { parseMoney } from '../../resources/format';

/** Centavos in the API's answers: a decimal number with two places (15020 → 150.2). */
export const amountOf = (cents: number | string | bigint) => Number(BigInt(cents)) / 100;
