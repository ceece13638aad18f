/**
 * A team's full grid (`GET /grids/{team}/get-full-grid`: `list` keyed by discipline name, one entry per
 * stage number, `{}` where the discipline has no such stage) as the slots a test fills with grades.
 */
export interface Slot {
  discipline: { id: number; name: string };
  stages: { id: number; stage: number }[];
}

interface Entry {
  stage_id?: number;
  stage?: number;
  discipline_id?: number;
  discipline_name?: string;
}

export function slotsOf(grid: { list: Record<string, Entry[]> }): Slot[] {
  return Object.values(grid.list).map((entries) => {
    const present = entries.filter((e) => e.stage_id !== undefined);
    return {
      discipline: { id: present[0].discipline_id!, name: present[0].discipline_name! },
      stages: present.map((e) => ({ id: e.stage_id!, stage: e.stage! })),
    };
  });
}
