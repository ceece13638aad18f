/** Interleaved 2 of 5, the symbology of boleto barcodes: each digit five elements, two of them wide. */
const PATTERNS = ['nnwwn', 'wnnnw', 'nwnnw', 'wwnnn', 'nnwnw', 'wnwnn', 'nwwnn', 'nnnww', 'wnnwn', 'nwnwn'];

/**
 * The bars of an even-length digit string as [x, width] pairs in module units (narrow 1, wide 3):
 * start nnnn, pairs of digits (bars from the first, spaces from the second), stop wnn.
 */
export function itfBars(digits: string): { bars: [number, number][]; length: number } {
  if (!/^\d*$/.test(digits) || digits.length % 2 !== 0) throw new Error('ITF needs an even number of digits');
  const unit = (c: string) => (c === 'w' ? 3 : 1);
  const elements: { bar: boolean; width: number }[] = [];
  for (const c of 'nnnn') elements.push({ bar: elements.length % 2 === 0, width: unit(c) });
  for (let i = 0; i < digits.length; i += 2) {
    const a = PATTERNS[Number(digits[i])];
    const b = PATTERNS[Number(digits[i + 1])];
    for (let j = 0; j < 5; j++) {
      elements.push({ bar: true, width: unit(a[j]) });
      elements.push({ bar: false, width: unit(b[j]) });
    }
  }
  elements.push({ bar: true, width: 3 }, { bar: false, width: 1 }, { bar: true, width: 1 });
  const bars: [number, number][] = [];
  let x = 0;
  for (const e of elements) {
    if (e.bar) bars.push([x, e.width]);
    x += e.width;
  }
  return { bars, length: x };
}
