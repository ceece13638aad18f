/** The finance calls read and answer amounts as the report filters and the forms do (resources/format.ts). */
export { amountOf, parseMoney } from '../../resources/format';
