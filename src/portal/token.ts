/**
 * The family portal's token, kept under its own key, never the staff's, so a guardian and a secretary on the same
 * computer do not sign each other out. Apart from api.ts so that the first script of the page reads it (src/main.tsx).
 */
export const PORTAL_TOKEN_KEY = 'secretaria.portal.token';

export const getPortalToken = (): string | null => localStorage.getItem(PORTAL_TOKEN_KEY);
