import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider } from 'react-admin';
import { ptBR } from '@mui/material/locale';

import { ptBRMessages } from './ptBR';

export { ptBRMessages } from './ptBR';

/** Locale used by the whole application. */
export const locale = 'pt-BR';

/**
 * MUI's own pt-BR texts (pagination, date pickers, etc.). Pass it as an extra
 * argument to `createTheme(theme, muiLocale)`.
 */
export const muiLocale = ptBR;

/**
 * react-admin i18n provider. `allowMissing: false` makes polyglot warn about
 * (and show the raw key of) any message that has no translation.
 */
export const i18nProvider: I18nProvider = polyglotI18nProvider(
  () => ptBRMessages,
  locale,
  [{ locale, name: 'Português' }],
  { allowMissing: false },
);

export default i18nProvider;
