import { HttpError, type Identifier } from 'react-admin';
import { request } from './request';

/** What a bulk action did to each selected row: how many went, and why each other did not. */
export interface BulkOutcome {
  done: number;
  refused: { id: Identifier; message: string }[];
}

/** The generated lists' bulk actions (src/resources/BulkActions.tsx). */
export const listMethods = {
  /**
   * "Enviar convite do portal" to the selected students: the office's invitation route by e-mail, one student at a
   * time (each a write of its own, answered on its own: an under-age student or one without e-mail is refused).
   */
  async sendPortalInvitations(ids: Identifier[]): Promise<BulkOutcome> {
    const outcome: BulkOutcome = { done: 0, refused: [] };
    for (const id of ids) {
      try {
        await request(`/students/${encodeURIComponent(String(id))}/invite`, {
          method: 'POST',
          body: { delivery: 'email' },
        });
        outcome.done += 1;
      } catch (error) {
        // A 401 or a failure of the network ends the run: react-admin signs out or says so.
        if (!(error instanceof HttpError) || error.status === 401 || error.status >= 500) throw error;
        outcome.refused.push({ id, message: error.message });
      }
    }
    return outcome;
  },
};
