/** A school history as the server gathers it and both the PDF and the editor's preview show it. */
export interface HistoryData {
  /** The school's city and state from its settings, and its passing average ('6,0'): the form's defaults. */
  school: { name: string; city: string | null; uf: string; average: string };
  student: { name: string; mother: string; naturalness: string; birthDate: string; cpf: string };
  team: { id: number; name: string; course: string | null };
  registrationId: number;
  stages: number[];
  /** "1ª, 2ª e 3ª". */
  ordinals: string;
  rows: {
    discipline: string;
    workload: number;
    cells: { stage: number; workload: number | null; grade: string | null }[];
  }[];
  totalWorkload: number;
}
