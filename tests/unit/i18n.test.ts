import { describe, it, expect } from 'vitest';
import englishMessages from 'ra-language-english';

import { i18nProvider, muiLocale, ptBRMessages } from '../../src/i18n';

/** Leaf values of a translation catalogue, keyed by dotted path. */
type FlatCatalogue = Map<string, unknown>;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const flatten = (value: unknown, prefix = ''): FlatCatalogue => {
  const result: FlatCatalogue = new Map();
  if (!isPlainObject(value)) return result;
  for (const [key, child] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isPlainObject(child)) {
      for (const [childPath, leaf] of flatten(child, path)) {
        result.set(childPath, leaf);
      }
    } else {
      result.set(path, child);
    }
  }
  return result;
};

const PLURAL_SEPARATOR = '||||';
const TOKEN_PATTERN = /%\{[^}]+\}/g;

const pluralForms = (text: string): string[] => text.split(PLURAL_SEPARATOR);
const tokensOf = (text: string): Set<string> => new Set(text.match(TOKEN_PATTERN) ?? []);

/**
 * Keys of the reference catalogue whose translation is missing, is not a
 * string, or is empty (a whitespace-only value is accepted only when the
 * reference itself is whitespace-only, like `ra.boolean.null`).
 */
const findMissingKeys = (reference: FlatCatalogue, candidate: FlatCatalogue): string[] => {
  const missing: string[] = [];
  for (const [key, referenceValue] of reference) {
    const value = candidate.get(key);
    const referenceIsBlank = typeof referenceValue === 'string' && referenceValue.trim() === '';
    if (typeof value !== 'string' || value === '' || (value.trim() === '' && !referenceIsBlank)) {
      missing.push(key);
    }
  }
  return missing;
};

/** Keys under `ra.*` of the candidate that do not exist in the reference (typos). */
const findUnknownKeys = (reference: FlatCatalogue, candidate: FlatCatalogue): string[] =>
  [...candidate.keys()].filter((key) => key.startsWith('ra.') && !reference.has(key));

/**
 * Interpolation tokens that the pt-BR text deliberately leaves out. Only these
 * exact tokens may be missing for these keys; anything else fails the test.
 */
const INTENTIONALLY_DROPPED_TOKENS: Readonly<Record<string, readonly string[]>> = {
  // "Nenhum registro encontrado": avoids gender agreement with %{name}.
  'ra.navigation.no_results': ['%{name}'],
  // The school office's standard confirmation dialog texts.
  'ra.message.delete_title': ['%{name}', '%{recordRepresentation}'],
  'ra.message.delete_content': ['%{name}'],
};

/**
 * Describes every key whose plural forms (`||||`) differ in number from the
 * reference, whose forms drop an interpolation token of the matching reference
 * form, or which introduce a token the reference does not know.
 */
const findTokenProblems = (
  reference: FlatCatalogue,
  candidate: FlatCatalogue,
  allowedDrops: Readonly<Record<string, readonly string[]>> = {},
): string[] => {
  const problems: string[] = [];
  for (const [key, referenceValue] of reference) {
    const value = candidate.get(key);
    if (typeof referenceValue !== 'string' || typeof value !== 'string') {
      continue; // reported by findMissingKeys
    }
    const referenceForms = pluralForms(referenceValue);
    const forms = pluralForms(value);
    if (referenceForms.length !== forms.length) {
      problems.push(
        `${key}: ${forms.length - 1} "${PLURAL_SEPARATOR}" separator(s), expected ${referenceForms.length - 1}`,
      );
      continue;
    }
    const allowed = new Set(allowedDrops[key] ?? []);
    const knownTokens = tokensOf(referenceValue);
    referenceForms.forEach((referenceForm, index) => {
      const formTokens = tokensOf(forms[index]);
      for (const token of tokensOf(referenceForm)) {
        if (!formTokens.has(token) && !allowed.has(token)) {
          problems.push(`${key}: plural form #${index + 1} drops ${token}`);
        }
      }
      for (const token of formTokens) {
        if (!knownTokens.has(token)) {
          problems.push(`${key}: plural form #${index + 1} uses unknown ${token}`);
        }
      }
    });
  }
  return problems;
};

const english = flatten(englishMessages);
const portuguese = flatten(ptBRMessages);

describe('pt-BR translation catalogue', () => {
  it('reads the real english catalogue', () => {
    // Guards against the flattening silently yielding nothing.
    expect(english.size).toBeGreaterThan(150);
    expect(english.get('ra.action.save')).toBe('Save');
  });

  it('translates every key of ra-language-english', () => {
    expect(findMissingKeys(english, portuguese)).toEqual([]);
  });

  it('has no ra.* key unknown to ra-language-english (typos)', () => {
    expect(findUnknownKeys(english, portuguese)).toEqual([]);
  });

  it('keeps interpolation tokens and plural forms', () => {
    expect(findTokenProblems(english, portuguese, INTENTIONALLY_DROPPED_TOKENS)).toEqual([]);
  });

  it('only allow-lists tokens that the english catalogue really has', () => {
    for (const [key, tokens] of Object.entries(INTENTIONALLY_DROPPED_TOKENS)) {
      const referenceValue = english.get(key);
      expect(typeof referenceValue, key).toBe('string');
      const referenceTokens = tokensOf(String(referenceValue));
      for (const token of tokens) {
        expect(referenceTokens.has(token), `${key} ${token}`).toBe(true);
      }
    }
  });

  it('the checks detect broken catalogues', () => {
    const broken = new Map(portuguese);
    broken.delete('ra.action.save');
    broken.set('ra.action.cancel', '');
    broken.set('ra.auth.logout', '   ');
    broken.set('ra.navigation.page_range_info', '%{offsetBegin}-%{offsetEnd}');
    broken.set('ra.notification.deleted', '%{smart_count} registros apagados');
    broken.set('ra.validation.minLength', 'Mínimo de %{minimo} caracteres');
    broken.set('ra.actoin.typo', 'Erro');

    expect(findMissingKeys(english, broken).sort()).toEqual(['ra.action.cancel', 'ra.action.save', 'ra.auth.logout']);
    expect(findUnknownKeys(english, broken)).toEqual(['ra.actoin.typo']);
    expect(findTokenProblems(english, broken, INTENTIONALLY_DROPPED_TOKENS)).toEqual(
      expect.arrayContaining([
        'ra.navigation.page_range_info: plural form #1 drops %{total}',
        'ra.notification.deleted: 0 "||||" separator(s), expected 1',
        'ra.validation.minLength: plural form #1 drops %{min}',
        'ra.validation.minLength: plural form #1 uses unknown %{minimo}',
      ]),
    );
    // Without the allow-list the intentional drops are reported too.
    expect(findTokenProblems(english, portuguese)).toEqual([
      'ra.message.delete_content: plural form #1 drops %{name}',
      'ra.message.delete_title: plural form #1 drops %{name}',
      'ra.message.delete_title: plural form #1 drops %{recordRepresentation}',
      'ra.navigation.no_results: plural form #1 drops %{name}',
    ]);
  });

  it('has the expected wording for key messages', () => {
    expect(portuguese.get('ra.validation.required')).toBe('Campo obrigatório.');
    expect(portuguese.get('ra.page.not_found')).toBe('Página não encontrada!');
    expect(portuguese.get('app.page.not_found')).toBe('Página não encontrada!');
    expect(portuguese.get('ra.message.are_you_sure')).toBe('Deseja confirmar a ação?');
    expect(portuguese.get('ra.message.delete_title')).toBe('Deseja confirmar a ação?');
    expect(portuguese.get('ra.auth.logout')).toBe('Sair');
    expect(portuguese.get('ra.action.search')).toBe('Pesquisar');
    expect(portuguese.get('app.list.filter')).toBe('Filtrar a lista abaixo');
  });
});

describe('i18nProvider', () => {
  it('uses the pt-BR locale', () => {
    expect(i18nProvider.getLocale()).toBe('pt-BR');
    expect(i18nProvider.getLocales?.()).toEqual([{ locale: 'pt-BR', name: 'Português' }]);
  });

  it('interpolates the page range', () => {
    expect(
      i18nProvider.translate('ra.navigation.page_range_info', {
        offsetBegin: 1,
        offsetEnd: 10,
        total: 42,
      }),
    ).toBe('1-10 de 42');
  });

  it('picks pt-BR plural forms', () => {
    expect(
      i18nProvider.translate('ra.notification.deleted', {
        smart_count: 1,
      }),
    ).toBe('Registro apagado com sucesso!');
    expect(
      i18nProvider.translate('ra.notification.deleted', {
        smart_count: 2,
      }),
    ).toBe('2 registros apagados com sucesso!');
    expect(
      i18nProvider.translate('ra.notification.updated', {
        smart_count: 5,
      }),
    ).toBe('5 registros atualizados com sucesso!');
  });

  it('translates app keys', () => {
    expect(i18nProvider.translate('app.list.title', { name: 'alunos' })).toBe('Relação de todos os alunos');
    expect(i18nProvider.translate('app.action.confirm_delete')).toBe('Sim, apague!');
  });

  it('exposes the MUI pt-BR locale', () => {
    expect(muiLocale.components?.MuiTablePagination?.defaultProps?.labelRowsPerPage).toBe('Linhas por página:');
  });
});
