import { startsAtFirstByte } from './dossier.controller.js';

describe('startsAtFirstByte', () => {
  it('counts a request without a range, or from byte 0, as the start of a download', () => {
    expect(startsAtFirstByte(undefined)).toBe(true);
    expect(startsAtFirstByte('bytes=0-')).toBe(true);
    expect(startsAtFirstByte('bytes=0-99')).toBe(true);
    expect(startsAtFirstByte('items=1-2')).toBe(true);
    expect(startsAtFirstByte('bytes=100-')).toBe(false);
    expect(startsAtFirstByte('bytes=-500')).toBe(false);
  });
});
