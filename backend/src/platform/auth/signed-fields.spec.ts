import { SignedFields } from './signed-fields.js';

describe('SignedFields: the server\'s own short signed tokens', () => {
  const signed = new SignedFields('secret-de-test', 'lms:essai:v1');

  it('reads back what it signed, only with the count of fields asked', () => {
    const token = signed.sign(['dossier', 12, 3, 'admin', 7, 1_800_000_000]);
    expect(signed.read(token, 6)).toEqual(['dossier', 12, 3, 'admin', 7, 1_800_000_000]);
    expect(signed.read(token, 5)).toBeNull();
  });

  it('refuses a body changed, a MAC changed, another purpose\'s token, extra segments, junk and a huge token', () => {
    const token = signed.sign(['dossier', 12]);
    const [body, mac] = token.split('.');
    const other = Buffer.from(JSON.stringify(['dossier', 13])).toString('base64url');
    const flipped = `${mac!.slice(0, -1)}${mac!.endsWith('A') ? 'B' : 'A'}`;
    for (const forged of [`${other}.${mac}`, `${body}.${flipped}`, new SignedFields('secret-de-test', 'lms:autre:v1').sign(['dossier', 12]), `${token}.x`, 'pas-un-jeton', '.', `${body}.`, 'A'.repeat(5000)]) {
      expect(signed.read(forged, 2)).toBeNull();
    }
    // A genuine MAC over a body that is not JSON.
    const notJson = Buffer.from('{pas du json').toString('base64url');
    expect(new SignedFields('secret-de-test', 'lms:essai:v1').read(`${notJson}.${(signed as unknown as { mac(b: string): string }).mac(notJson)}`, 2)).toBeNull();
  });
});
