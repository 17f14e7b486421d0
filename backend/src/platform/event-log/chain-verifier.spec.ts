import { parseExactJson } from './chain-verifier.js';

describe('parseExactJson', () => {
  it('accepts the numbers JSON.stringify writes, and jsonb rewrites', () => {
    for (const text of ['{"a":12}', '{"a":0.1}', '{"a":1000000000000000000000}', '{"a":0.0000001}', '{"a":-3.25}', '{"a":[0,1.5e3]}']) {
      expect(parseExactJson(text).exact).toBe(true);
    }
  });

  it('flags a number stored with more precision than the hash could see', () => {
    expect(parseExactJson('{"score":12.0000000000000001}')).toEqual({ value: { score: 12 }, exact: false });
    expect(parseExactJson('{"n":[1,9007199254740993]}').exact).toBe(false);
  });
});
