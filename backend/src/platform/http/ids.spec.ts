import { NotFoundError } from '../../shared-kernel/index.js';
import { IdPipe } from './id.pipe.js';
import { MAX_ID, parseId, toDecimalInteger } from './ids.js';

describe('ids', () => {
  it.each(['1', '42', '2147483647'])('reads %s', (text) => {
    expect(parseId(text)).toBe(Number(text));
  });

  it.each(['0x10', '1e3', '0', '-1', '2147483648', '99999999999999999999', 'abc', '', ' 1', '1 ', '+1', '01', '1.0', '1_000', '１'])('refuses %j', (text) => {
    expect(parseId(text)).toBeUndefined();
  });

  it('accepts a JSON number only when it is an id', () => {
    expect(parseId(7)).toBe(7);
    expect(parseId(MAX_ID)).toBe(MAX_ID);
    for (const value of [0, -1, 1.5, MAX_ID + 1, Infinity, Number.NaN, true, null, undefined, [1], { id: 1 }]) expect(parseId(value)).toBeUndefined();
  });

  it('answers 404 for a path id that is not one (a path that names no resource)', () => {
    const pipe = new IdPipe();
    expect(pipe.transform('12')).toBe(12);
    for (const text of ['0x10', '1e3', '0', '-1', '2147483648', 'abc', '01']) expect(() => pipe.transform(text)).toThrow(NotFoundError);
  });

  it('turns only plain decimal text into a number for the validators', () => {
    expect(toDecimalInteger({ value: '12' })).toBe(12);
    expect(toDecimalInteger({ value: '0' })).toBe(0);
    expect(toDecimalInteger({ value: 12 })).toBe(12);
    for (const value of ['0x10', '1e3', '01', ' 1', '+1', '1.0', '']) expect(toDecimalInteger({ value })).toBe(value);
  });
});
