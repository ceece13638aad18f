/** Where the signed-in user is kept; its own module, read by the router before any screen (lightAddress.ts). */
export const USER_KEY = 'secretaria.user';
