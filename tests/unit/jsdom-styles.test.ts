import { describe, expect, it } from 'vitest';
import { requirements } from '../components/support/jsdom-styles';

// What the component tests' style-rule filter reads of a selector (tests/components/support/jsdom-styles.ts): a
// requirement too strict would hide a rule that matches, so only the rightmost compound counts, and whatever it
// cannot read is left to nwsapi (null).
describe('requirements of a selector', () => {
  it('takes the classes and tag of the rightmost compound of each selector of the list', () => {
    expect(requirements('.css-1xtozoh-MuiTableRow-root.Mui-selected:hover')).toEqual([
      { classes: ['css-1xtozoh-MuiTableRow-root', 'Mui-selected'] },
    ]);
    expect(
      requirements('label[data-shrink=false]+.MuiInputBase-formControl .css-x::-webkit-input-placeholder'),
    ).toEqual([{ classes: ['css-x'] }]);
    expect(requirements('.a td,.a th')).toEqual([
      { tag: 'td', classes: [] },
      { tag: 'th', classes: [] },
    ]);
    expect(requirements('ul > LI.b[title="x .y"]')).toEqual([{ tag: 'li', classes: ['b'] }]);
  });

  it('leaves to nwsapi what names neither, or what it cannot read', () => {
    expect(requirements(':root')).toBeNull();
    expect(requirements('.a, [hidden]')).toBeNull();
    expect(requirements('.a :not(.b)')).toBeNull();
    expect(requirements('.a\\:b')).toBeNull();
    expect(requirements('svg|a')).toBeNull();
    expect(requirements('.café')).toBeNull();
  });
});
