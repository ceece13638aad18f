import { cleanup, configure } from '@testing-library/react';
import { format } from 'node:util';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { findLabelControlsById } from './support/jsdom-labels';
import { skipRulesByClass } from './support/jsdom-styles';
import { mediaQueryList } from './support/media';
import { expectFreshPage, resetSharedPage } from './support/shared-page';

// jsdom lacks the layout APIs MUI and react-admin touch.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => mediaQueryList(query, false),
  });
}

if (!('ResizeObserver' in globalThis)) {
  class ResizeObserverStub implements ResizeObserver {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  vi.stubGlobal('ResizeObserver', ResizeObserverStub);
}

// A findBy waits up to 5 s, not Testing Library's 1 s: on a loaded 2-core machine a screen that loads its data
// in a few steps (the roll call after a new lesson) has been seen to take longer than a second.
configure({ asyncUtilTimeout: 5000 });

// A label's control found by id, not by walking the page once per label (support/jsdom-labels.ts).
findLabelControlsById(document);

// A style rule whose class or tag the element lacks is not handed to nwsapi (support/jsdom-styles.ts).
skipRulesByClass(window);

// jsdom's scrollTo only logs "not implemented"; react-admin scrolls to top on navigation.
window.scrollTo = () => undefined;

// A worker runs file after file in one page (isolate: false): each file starts with the page as a fresh process
// gives it, and leaves it so (support/shared-page.ts).
expectFreshPage();
afterAll(resetSharedPage);

// React's warnings about props that reach the DOM (an unknown attribute, a boolean where a string goes) are
// defects in our markup or in how we call a library: a test that renders one fails.
const DOM_PROP_WARNING =
  /does not recognize the .* prop on a DOM element|Invalid DOM property|Unknown event handler property|for a non-boolean attribute/;
let domPropWarnings: string[] = [];
// This file runs again before each test file of a worker, which keeps its console: wrapped once, with the
// warnings of the file running now.
const shared = globalThis as { __consoleError?: typeof console.error };
const consoleError = (shared.__consoleError ??= console.error.bind(console));
beforeEach(() => {
  domPropWarnings = [];
});
console.error = (...args: unknown[]) => {
  const message = typeof args[0] === 'string' ? format(...args) : String(args[0]);
  if (DOM_PROP_WARNING.test(message)) domPropWarnings.push(message.split('\n')[0]);
  consoleError(...args);
};

afterEach(() => {
  const warnings = domPropWarnings;
  domPropWarnings = [];
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  if (warnings.length) throw new Error(`React warned of props reaching the DOM:\n${[...new Set(warnings)].join('\n')}`);
});
