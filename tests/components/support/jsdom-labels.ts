import { createRequire } from 'node:module';

/**
 * jsdom finds the control of a `<label for="id">` by walking the whole document, and an input's `labels` asks it
 * of every label of the page: naming each field of a long form (what `getByRole('textbox', { name })` does) walked
 * the page once per label: the largest single cost in a profile of the student's form tests (guardian-on-create),
 * about a seventh of their CPU.
 *
 * The document already keeps its elements by id (the cache behind jsdom's getElementById). A label's control is
 * taken from there when exactly one element of the label's document has that id; in every other case (no `for`,
 * no such element, several, a label outside the document or in a shadow root) jsdom's own walk answers, as before.
 * Same answer as jsdom's, found without the walk.
 */

interface NodeImpl {
  getRootNode(options: object): NodeImpl;
  getAttributeNS(namespace: string | null, name: string): string | null;
  _ids?: Record<string, NodeImpl[] | undefined>;
}

const { isLabelable } = createRequire(import.meta.url)('jsdom/lib/jsdom/living/helpers/form-controls.js') as {
  isLabelable(node: NodeImpl): boolean;
};

export function findLabelControlsById(document: Document): void {
  const label = document.createElement('label');
  const implSymbol = Object.getOwnPropertySymbols(label).find((s) => s.description === 'impl');
  if (!implSymbol)
    throw new Error('jsdom mudou: o rótulo não tem mais "impl" (reveja tests/components/support/jsdom-labels.ts)');
  const proto = Object.getPrototypeOf((label as unknown as Record<symbol, object>)[implSymbol]) as object;
  const walk = Object.getOwnPropertyDescriptor(proto, 'control')?.get;
  if (!walk)
    throw new Error('jsdom mudou: o rótulo não tem mais "control" (reveja tests/components/support/jsdom-labels.ts)');
  if ((walk as { byId?: true }).byId) return;
  const control = function (this: NodeImpl): NodeImpl | null {
    const id = this.getAttributeNS(null, 'for');
    if (id) {
      const root = this.getRootNode({});
      const found = root._ids?.[id]?.filter((element) => element.getRootNode({}) === root);
      if (found?.length === 1) return isLabelable(found[0]) ? found[0] : null;
    }
    return walk.call(this) as NodeImpl | null;
  };
  Object.defineProperty(control, 'byId', { value: true });
  Object.defineProperty(proto, 'control', { configurable: true, get: control });
}
