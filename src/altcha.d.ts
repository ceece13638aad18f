// The widget's React JSX typings (<altcha-widget>) and its pt-BR strings module, which ships no types.
/// <reference types="altcha/types/react" />
declare module 'altcha/i18n/pt-br';
