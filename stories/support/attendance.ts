import type { StudentAttendance } from '../../src/students/AttendanceTable';

/** A student of the 8º ano A as `GET /students/{id}/attendance` answers: Matemática under the minimum. */
export const STUDENT_ATTENDANCE: StudentAttendance = {
  minimum_attendance: 75,
  data: [
    {
      registration_id: 4512,
      team: { id: 3, name: '8º ano A — 2026' },
      discipline: { id: 11, name: 'Ciências' },
      periods: 64,
      absences: 4,
      justified: 2,
      frequency: 96.9,
    },
    {
      registration_id: 4512,
      team: { id: 3, name: '8º ano A — 2026' },
      discipline: { id: 7, name: 'Língua Portuguesa' },
      periods: 120,
      absences: 18,
      justified: 6,
      frequency: 90,
    },
    {
      registration_id: 4512,
      team: { id: 3, name: '8º ano A — 2026' },
      discipline: { id: 9, name: 'Matemática' },
      periods: 96,
      absences: 31,
      justified: 2,
      frequency: 69.8,
    },
    {
      registration_id: 4512,
      team: { id: 3, name: '8º ano A — 2026' },
      discipline: { id: 14, name: 'Arte' },
      periods: 0,
      absences: 0,
      justified: 0,
      frequency: null,
    },
  ],
};
