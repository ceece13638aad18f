/**
 * jsdom's getComputedStyle finds the rules of an element by asking nwsapi, for every rule of every style sheet of the
 * page, whether the rule's selector matches the element. Emotion writes one rule per MUI class (817 rules after the
 * finance tab's tests, each in a `<style>` of its own), each answer costs microseconds, and jsdom forgets every
 * element's style on any change to the page: a new element's style cost milliseconds. Testing Library asks it for
 * each element a query by role looks at, for each of their ancestors (is it hidden?) and for each node of an
 * accessible name: in the finance tab's tests, 12 of their 30 s of CPU.
 *
 * Nearly all those selectors end in a class (`.css-1xtozoh-MuiTableRow-root.Mui-selected`), and jsdom's own style
 * sheet's in a tag (`ul ul`): an element without that class, or of another tag, cannot match, and is told so here
 * before nwsapi is asked (see `requirements`). Every other selector, and every element that is of that tag and has
 * those classes, gets nwsapi's answer as before: the same styles, found with a fraction of the walk.
 */

/** What an element must be for a selector to match it: its tag (lower-case) and classes. */
export interface Requirement {
  tag?: string;
  classes: string[];
}

/** Calls `each(c, i)` for the characters of `text` outside quotes, brackets and parentheses. */
function forEachTopLevel(text: string, each: (c: string, i: number) => void): void {
  let depth = 0;
  let quote = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (depth === 0) each(c, i);
  }
}

const NAME = /^-?[A-Za-z_][\w-]*/;
const END_OF_NAME = new Set([undefined, '.', '#', ':', '[']);

/**
 * What an element must be for `selector` to match it, read from the rightmost compound of each selector of the list
 * (`li.a.b` in `.x > li.a.b:hover`), outside any `:not(…)`, `:is(…)` or `[…]`: one requirement per selector of the
 * list. `null` when one of them asks neither a tag nor a class there, or when the text holds what this reading does
 * not follow (an escape, a namespace, a name with other characters): such a selector is always left to nwsapi.
 */
export function requirements(selector: string): Requirement[] | null {
  if (/[\\|]/.test(selector)) return null;
  const commas: number[] = [];
  forEachTopLevel(selector, (c, i) => {
    if (c === ',') commas.push(i);
  });
  const found: Requirement[] = [];
  let start = 0;
  for (const end of [...commas, selector.length]) {
    const complex = selector.slice(start, end).trim();
    start = end + 1;
    let from = 0;
    forEachTopLevel(complex, (c, i) => {
      if (/[\s>+~]/.test(c)) from = i + 1;
    });
    const compound = complex.slice(from);
    const requirement: Requirement = { classes: [] };
    const tag = NAME.exec(compound)?.[0];
    if (tag) {
      if (!END_OF_NAME.has(compound[tag.length])) return null;
      requirement.tag = tag.toLowerCase();
    }
    let unread = false;
    forEachTopLevel(compound, (c, i) => {
      if (c !== '.') return;
      const name = NAME.exec(compound.slice(i + 1))?.[0];
      if (!name || !END_OF_NAME.has(compound[i + 1 + name.length])) unread = true;
      else requirement.classes.push(name);
    });
    if (unread || (!requirement.tag && !requirement.classes.length)) return null;
    found.push(requirement);
  }
  return found;
}

interface ElementImpl {
  getAttributeNS(namespace: string | null, name: string): string | null;
}

/** Puts `requirements` before the nwsapi that jsdom asks about style rules (jsdom-only, for the component tests). */
export function skipRulesByClass(window: Window): void {
  const { document } = window;
  const implSymbol = Object.getOwnPropertySymbols(document).find((s) => s.description === 'impl');
  const documentImpl = implSymbol && (document as unknown as Record<symbol, Record<string, unknown>>)[implSymbol];
  if (!implSymbol || !documentImpl)
    throw new Error('jsdom mudou: o documento não tem "impl" (reveja tests/components/support/jsdom-styles.ts)');
  // Class names compare as written only outside quirks mode.
  if (document.compatMode !== 'CSS1Compat') return;
  // jsdom makes its nwsapi for style rules on the first computed style.
  if (!documentImpl._nwsapiDontThrow) window.getComputedStyle(document.documentElement);
  const nwsapi = documentImpl._nwsapiDontThrow as {
    match(selector: string, element: Element): boolean;
    tagsAndClassesFirst?: true;
  };
  if (typeof nwsapi?.match !== 'function')
    throw new Error(
      'jsdom mudou: o documento não tem "_nwsapiDontThrow" (reveja tests/components/support/jsdom-styles.ts)',
    );
  if (nwsapi.tagsAndClassesFirst) return;
  const match = nwsapi.match.bind(nwsapi);
  const required = new Map<string, Requirement[] | null>();
  // The last element asked about: jsdom asks rule after rule for the same element.
  let lastElement: Element | undefined;
  let lastClassName: string | null = null;
  let lastTag = '';
  let lastClasses = new Set<string>();
  const meets = ({ tag, classes }: Requirement) =>
    (tag === undefined || tag === lastTag) && classes.every((name) => lastClasses.has(name));
  nwsapi.match = (selector: string, element: Element): boolean => {
    if (typeof selector !== 'string' || !element) return match(selector, element);
    let found = required.get(selector);
    if (found === undefined) required.set(selector, (found = requirements(selector)));
    const impl = (element as unknown as Record<symbol, ElementImpl | undefined>)[implSymbol];
    if (!found || !impl) return match(selector, element);
    const className = impl.getAttributeNS(null, 'class');
    if (element !== lastElement || className !== lastClassName) {
      lastElement = element;
      lastClassName = className;
      lastTag = element.localName.toLowerCase();
      lastClasses = new Set(className?.split(/[\t\n\f\r ]+/));
    }
    return found.some(meets) && match(selector, element);
  };
  nwsapi.tagsAndClassesFirst = true;
}
