import { createContext } from 'react';

/**
 * How a public page goes to another address. The home and /verificar are drawn without the router
 * (src/Shell.tsx), so that a first visit does not download it: there, going elsewhere loads the router
 * and hands it the address; under the router (src/App.tsx), it is the router's own navigation.
 */
export const PublicNavigation = createContext<(to: string) => void>((to) => window.location.assign(to));
