import { createHash } from 'node:crypto';
import { hashOf, parseMultipartMixed } from './multipart-mixed.js';

describe('parseMultipartMixed', () => {
  it('splits multipart/mixed by its boundary, and refuses one without', () => {
    const body = Buffer.from('--b1\r\nContent-Type: application/json\r\n\r\n{"a":1}\r\n--b1\r\nContent-Type: text/plain\r\nX-Experience-API-Hash: h\r\n\r\nbonjour\r\n--b1--');
    const parts = parseMultipartMixed(body, 'multipart/mixed; boundary="b1"');
    expect(parts.map((p) => [p.headers['content-type'], p.body.toString()])).toEqual([['application/json', '{"a":1}'], ['text/plain', 'bonjour']]);
    expect(() => parseMultipartMixed(body, 'multipart/mixed')).toThrow('boundary');
    expect(() => parseMultipartMixed(Buffer.from('--b1\r\nContent-Type: text/plain\r\n\r\ncut'), 'multipart/mixed; boundary=b1')).toThrow();
  });
});

describe('hashOf', () => {
  it('hashes with the SHA-2 whose length the declared hash has, and knows no other length', () => {
    const content = Buffer.from('bonjour');
    expect(hashOf(content, 64)).toBe(createHash('sha256').update(content).digest('hex'));
    expect(hashOf(content, 128)).toBe(createHash('sha512').update(content).digest('hex'));
    expect(hashOf(content, 40)).toBeNull();
  });
});
