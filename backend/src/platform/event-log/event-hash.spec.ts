import { canonicalJson, eventHash, toJsonValue } from './event-hash.js';

describe('canonicalJson', () => {
  it('sorts object keys at every depth and writes no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: true, y: null }], c: 'x' } })).toBe('{"a":{"c":"x","d":[3,{"y":null,"z":true}]},"b":1}');
  });

  it('sorts keys by UTF-16 code units, as RFC 8785 does', () => {
    expect(canonicalJson({ é: 1, z: 2, Z: 3, '10': 4, '9': 5 })).toBe('{"10":4,"9":5,"Z":3,"z":2,"é":1}');
  });

  it('writes strings as JSON.stringify does: non-ASCII as is, control characters escaped', () => {
    expect(canonicalJson({ s: 'Léa « ok »\n\t"\\\u0001' })).toBe('{"s":"Léa « ok »\\n\\t\\"\\\\\\u0001"}');
  });

  it('writes numbers in their shortest round-trip form', () => {
    expect(canonicalJson([1, 1.5, 0.1, -0, 1e21, 1e-7, 12345678901234])).toBe('[1,1.5,0.1,0,1e+21,1e-7,12345678901234]');
  });

  it('refuses what JSON cannot carry', () => {
    expect(() => canonicalJson({ n: Number.NaN })).toThrow(TypeError);
    expect(() => canonicalJson({ d: new Date(0) })).toThrow(TypeError);
    expect(() => canonicalJson({ u: undefined })).toThrow(TypeError);
  });
});

describe('toJsonValue', () => {
  it('gives the payload as jsonb will give it back', () => {
    expect(toJsonValue({ at: new Date('2026-11-21T10:00:00.000Z'), gone: undefined, list: [1, 'a'] })).toEqual({
      at: '2026-11-21T10:00:00.000Z',
      list: [1, 'a'],
    });
  });

  it('refuses NaN, Infinity and bigint rather than storing null', () => {
    expect(() => toJsonValue({ score: Number.NaN })).toThrow(TypeError);
    expect(() => toJsonValue({ score: Infinity })).toThrow(TypeError);
    expect(() => toJsonValue({ id: 1n })).toThrow(TypeError);
  });
});

describe('eventHash', () => {
  const event = {
    event_id: '0b4d1a52-8f36-4e4b-9a57-3f2c1d0e9b71',
    stream_type: 'identity.account',
    stream_id: '12',
    stream_version: 1,
    event_type: 'StudentRegistered',
    schema_version: 1,
    payload: { accountId: 12, studentId: 7 },
    metadata: { actorId: null, actorRole: null, correlationId: null, causationId: null },
    occurred_at: '2026-11-21T09:30:00.000Z',
    prev_hash: null,
  };

  it('is the sha256 of the canonical JSON of the hashed fields (the example of docs/event-log.md)', () => {
    expect(eventHash(event)).toBe('cea987fc6c78c3f8ebbcfe4348164c351363021ae0e8c61d215894a205e1bcf6');
  });

  it('changes with any field, the previous hash included', () => {
    const base = eventHash(event);
    expect(eventHash({ ...event, payload: { accountId: 12, studentId: 8 } })).not.toBe(base);
    expect(eventHash({ ...event, prev_hash: 'a'.repeat(64) })).not.toBe(base);
    expect(eventHash({ ...event, occurred_at: '2026-11-21T09:30:00.001Z' })).not.toBe(base);
  });

  it('ignores key order and fields outside the canonical form', () => {
    const reordered = { ...event, payload: { studentId: 7, accountId: 12 }, position: 99 } as typeof event;
    expect(eventHash(reordered)).toBe(eventHash(event));
  });
});
