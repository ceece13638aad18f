import { CacheProvider, type EmotionCache } from '@emotion/react';
import { vi } from 'vitest';

/**
 * The component files share their worker's jsdom and loaded modules (`isolate: false` in vitest.config.ts), so what
 * one file leaves in the page is undone before the next one starts, and each file begins with the page a fresh
 * process would give it:
 * - emotion's style rules: its default cache (the one MUI's components write to, React's default value of emotion's
 *   context) drops every `<style>` it wrote and forgets which rules it inserted, so that the next file writes the
 *   rules its own elements use — neither a pile of every file's rules for each getComputedStyle and query by role to
 *   read through, nor a class whose rule is missing;
 * - the document: whatever is still in `<head>` and `<body>` after Testing Library's cleanup (a portal, a title), and
 *   the attributes a screen set on `<html>` and `<body>`;
 * - the address (react-admin's hash router writes to it), localStorage, sessionStorage and cookies;
 * - a global a file stubbed without undoing it, and fake timers left on;
 * - the project's own modules (src/, resources/, stories/, the tests' support…): evaluated afresh by the next file,
 *   as in a new process, so that no module-level state (the session verified once per page, the early reads, a
 *   lazy import) passes from one file to the next. Only the libraries under node_modules (react-admin, MUI and
 *   emotion bundled by Vitest's optimizer, Testing Library, React) stay loaded: they are what a fresh process spent
 *   most of its second importing.
 */

/** emotion's default cache, as every `styled` and `css` without a CacheProvider above it finds it. */
function emotionCache(): EmotionCache {
  const cache = (CacheProvider as unknown as { _currentValue?: EmotionCache })._currentValue;
  if (!cache?.sheet || !cache.inserted)
    throw new Error(
      'emotion mudou: o contexto não traz o cache padrão (reveja tests/components/support/shared-page.ts)',
    );
  return cache;
}

interface ModuleNode {
  evaluated: boolean;
  promise?: unknown;
  exports?: unknown;
  importers: Set<string>;
}

/** Has the next import of each of the project's own modules evaluate it again (as Vitest's isolation does for all). */
function forgetOwnModules(): void {
  const worker = (
    globalThis as { __vitest_worker__?: { evaluatedModules?: { idToModuleMap?: Map<string, ModuleNode> } } }
  ).__vitest_worker__;
  const modules = worker?.evaluatedModules?.idToModuleMap;
  if (!modules)
    throw new Error(
      'Vitest mudou: sem "__vitest_worker__.evaluatedModules" (reveja tests/components/support/shared-page.ts)',
    );
  for (const [id, node] of modules) {
    if (/\/node_modules\/|\/@vitest\/|vitest-virtual-/.test(id)) continue;
    node.evaluated = false;
    node.promise = undefined;
    node.exports = undefined;
    node.importers.clear();
  }
}

const state = globalThis as { __firstPageUrl?: string };

/**
 * Before a file's tests: fails unless the page is as a fresh process gives it (no element, no rule emotion remembers
 * inserting), and remembers the page's first address (once per worker: kept on globalThis, as this module is loaded
 * again).
 */
export function expectFreshPage(): void {
  const inserted = Object.keys(emotionCache().inserted).length;
  const left = document.head.childNodes.length + document.body.childNodes.length;
  if (inserted || left)
    throw new Error(
      `A página do arquivo anterior ficou (${left} nós, ${inserted} regras do emotion): reveja tests/components/support/shared-page.ts`,
    );
  state.__firstPageUrl ??= window.location.href;
}

/** Puts the page back as the worker's first file found it (see above). */
export function resetSharedPage(): void {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  const cache = emotionCache();
  cache.sheet.flush();
  for (const name of Object.keys(cache.inserted)) delete cache.inserted[name];
  document.head.replaceChildren();
  document.body.replaceChildren();
  for (const element of [document.documentElement, document.body])
    for (const { name } of [...element.attributes]) element.removeAttribute(name);
  for (const cookie of document.cookie.split(';'))
    if (cookie.trim()) document.cookie = `${cookie.split('=')[0].trim()}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  localStorage.clear();
  sessionStorage.clear();
  if (state.__firstPageUrl && window.location.href !== state.__firstPageUrl)
    window.history.replaceState(null, '', state.__firstPageUrl);
  forgetOwnModules();
}
