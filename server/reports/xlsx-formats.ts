/** Excel number formats: Brazilian money (negatives in red) and dates, without loading exceljs. */
/** BRL in a cell that stays a number: sums and sorting work in any spreadsheet program. */
export const BRL_FORMAT = '"R$" #,##0.00;[Red]-"R$" #,##0.00';
export const DATE_FORMAT = 'dd/mm/yyyy';
