/**
 * Every column holding a student's or a guardian's id, and how a merge moves it. A test reads the foreign keys of
 * the schema (both databases) and fails when one is not listed here: a table added later must say how its rows
 * follow a merge, or they would be deleted with the removed record (cascade) or stop the merge (restrict).
 *
 * - `move`: the rows change owner, nothing can collide;
 * - `unique`: the rows change owner, except where the kept record already has one for the same key (merged so);
 * - anything reached through these (charges and roll calls through enrolments, portal sessions through the
 *   account) follows them without being touched.
 */
export const STUDENT_REFERENCES = {
  registrations: 'unique (student_id, team_id): the same team on both is refused (409)',
  grades: 'unique (student_id, stage, discipline, team): only in a team refused above',
  documents: 'move',
  student_status_history: 'move',
  observations: 'move',
  books: 'move',
  student_access_log: 'move',
  student_guardians: 'unique (student_id, guardian_id): one link, its flags joined',
  portal_accounts: "unique (student_id): the kept record's account stays, the other is closed",
  notifications: "move; recipient 'student:<id>' renamed, a message already told to the kept one dropped",
  declaration_days: 'primary key (student_id, day): the counts of a day added up',
  enrolment_requests: 'unique (campaign_id, student_id): both in the same campaign is refused (409)',
  signatures: 'move',
} as const;

export const GUARDIAN_REFERENCES = {
  student_guardians: 'unique (student_id, guardian_id): one link, its flags joined',
  portal_accounts: "unique (guardian_id): the kept record's account stays, the other is closed",
  enrolment_requests: 'move (the financial responsible a request is with)',
} as const;
