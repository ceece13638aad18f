/** A registration's number as the school writes it: its id padded to six digits ("000042"). */
export const registrationNumber = (id: number | string): string => String(id).padStart(6, '0');
