import { CODE_ALPHABET, groupedCode, isVerificationCode, newVerificationCode, verificationUrl } from './issued-document.code.js';

describe('verification codes', () => {
  it('are 12 characters of an alphabet without look-alikes, drawn at random', () => {
    for (const c of '015825OIL ZSBUV') expect(CODE_ALPHABET).not.toContain(c);
    const codes = new Set(Array.from({ length: 2000 }, () => newVerificationCode()));
    expect(codes.size).toBe(2000);
    for (const code of codes) expect(isVerificationCode(code)).toBe(true);
    const seen = new Set([...codes].join(''));
    expect(seen.size).toBe(CODE_ALPHABET.length);
  });

  it('refuses a code of another length or alphabet', () => {
    expect(isVerificationCode('AC4DEF7GH9J')).toBe(false);
    expect(isVerificationCode('AC4DEF7GH9J0')).toBe(false);
    expect(isVerificationCode('ac4def7gh9jk')).toBe(false);
  });

  it('groups by four and builds the public verification address', () => {
    expect(groupedCode('AC4DEF7GH9JK')).toBe('AC4D-EF7G-H9JK');
    expect(verificationUrl('https://formation.example.fr/', 'AC4DEF7GH9JK')).toBe('https://formation.example.fr/verification/AC4DEF7GH9JK');
  });
});
