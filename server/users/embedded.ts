/**
 * The `user {name}` embedded in enrolments, observations, status history and charges: always an object,
 * so a client can read `.user.name` without a check. Rows keep `user_id` null when their user is deleted.
 */
export const REMOVED_USER = 'Usuário removido';

export const embeddedUser = (name: unknown): { name: string } => ({
  name: typeof name === 'string' && name !== '' ? name : REMOVED_USER,
});
