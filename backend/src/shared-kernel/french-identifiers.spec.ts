import { isValidNda, isValidSiret, ndaProblem, normaliseDigits, passesLuhn, siretProblem } from './french-identifiers.js';

describe('French identifiers', () => {
  it('computes the Luhn check', () => {
    expect(passesLuhn('79927398713')).toBe(true);
    expect(passesLuhn('79927398710')).toBe(false);
    expect(passesLuhn('12a4')).toBe(false);
  });

  it('accepts a SIRET whose Luhn key is right, with or without spaces', () => {
    // SIREN 732 829 320 (a published one) + NIC 00074: Luhn-valid.
    expect(isValidSiret('73282932000074')).toBe(true);
    expect(isValidSiret('732 829 320 00074')).toBe(true);
    expect(siretProblem('732 829 320 00074')).toBeNull();
  });

  it('refuses a SIRET with a wrong key or the wrong length, in French', () => {
    expect(isValidSiret('73282932000075')).toBe(false);
    expect(siretProblem('73282932000075')).toBe('Ce SIRET n’est pas valide : sa clé de contrôle ne correspond pas.');
    expect(siretProblem('7328293200007')).toBe('Le SIRET doit comporter exactement 14 chiffres.');
    expect(siretProblem('7328293200007A')).toBe('Le SIRET doit comporter exactement 14 chiffres.');
  });

  it('applies La Poste’s exception: digits summing to a multiple of 5', () => {
    // 3+5+6+0+0+0+0+0+0 + 0+1+2+3+5 = 25: not Luhn-valid, valid for La Poste.
    expect(passesLuhn('35600000001235')).toBe(false);
    expect(isValidSiret('35600000001235')).toBe(true);
    // The head office passes Luhn.
    expect(isValidSiret('35600000000048')).toBe(true);
    // Sum 27: neither rule.
    expect(passesLuhn('35600000001237')).toBe(false);
    expect(isValidSiret('35600000001237')).toBe(false);
    // Another SIREN does not get the exception.
    expect(passesLuhn('35600000101235')).toBe(false);
    expect(isValidSiret('35600000101235')).toBe(false);
  });

  it('accepts an NDA of exactly 11 digits', () => {
    expect(isValidNda('11755555575')).toBe(true);
    expect(isValidNda('11 75 55555 75')).toBe(true);
    expect(ndaProblem('1175555557')).toBe('Le numéro de déclaration d’activité doit comporter exactement 11 chiffres.');
    expect(ndaProblem('117555555751')).not.toBeNull();
  });

  it('removes only separators', () => {
    expect(normaliseDigits(' 12.34-56\u00a078 ')).toBe('12345678');
  });
});
