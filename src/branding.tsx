import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { publicClient } from './public/publicClient';

export interface Branding {
  school_name: string;
  main_service: string | null;
  email: string | null;
  phones: string[];
  main_color: string;
  secondary_color: string;
  city: string | null;
  average_grade: number;
  colored_logo: string | null;
  cover: string | null;
}

export const BRANDING_KEY = 'secretaria.branding';

export const DEFAULT_BRANDING: Branding = {
  school_name: 'Secretaria',
  main_service: null,
  email: null,
  phones: [],
  main_color: '#C4C4C4',
  secondary_color: '#666666',
  city: null,
  average_grade: 6,
  colored_logo: null,
  cover: null,
};

function stored(): Branding {
  try {
    const raw = localStorage.getItem(BRANDING_KEY);
    return raw ? { ...DEFAULT_BRANDING, ...(JSON.parse(raw) as Partial<Branding>) } : DEFAULT_BRANDING;
  } catch {
    return DEFAULT_BRANDING;
  }
}

const BrandingContext = createContext<Branding>(DEFAULT_BRANDING);

/** The school's branding: shown at once from local storage, then refreshed from `/data-of-client`. */
export function BrandingProvider({ children, initial }: { children: ReactNode; initial?: Branding }) {
  const [branding, setBranding] = useState<Branding>(() => initial ?? stored());
  useEffect(() => {
    if (initial) return;
    let alive = true;
    // Outside <Admin> (the public pages wear it too): the public client, not the data provider.
    publicClient
      .branding()
      .then((fresh) => {
        const merged = { ...DEFAULT_BRANDING, ...fresh };
        const written = JSON.stringify(merged);
        localStorage.setItem(BRANDING_KEY, written);
        // The same branding as shown (the usual answer: it was kept from the last visit) keeps its object: a new one
        // would build the theme again and draw the whole screen a second time for nothing — on a phone at 4× CPU,
        // ~0.2 s in the middle of the roll call's or the portal's first draw (issue 36, bench/phone.mjs).
        if (alive) setBranding((shown) => (JSON.stringify(shown) === written ? shown : merged));
      })
      .catch((error: unknown) => console.error('Falha ao carregar a identidade da escola', error));
    return () => {
      alive = false;
    };
  }, [initial]);
  useEffect(() => {
    document.title = branding.school_name;
  }, [branding.school_name]);
  return <BrandingContext.Provider value={branding}>{children}</BrandingContext.Provider>;
}

export function useBranding(): Branding {
  return useContext(BrandingContext);
}
