import { describe, expect, it } from 'vitest';
import { CERTIFICATION_CODE, centsToEuros, eurosToCents, programmeBody } from './programme-values';

describe('the « Fiche programme » form’s values', () => {
  it('reads euros as a trainer types them', () => {
    expect(eurosToCents('1290')).toBe(129000);
    expect(eurosToCents('1 290,5')).toBe(129050);
    expect(eurosToCents('1290,50 €')).toBe(129050);
    expect(eurosToCents('0.99')).toBe(99);
    expect(eurosToCents('')).toBeNull();
    expect(eurosToCents(undefined)).toBeNull();
    for (const bad of ['mille', '-10', '12,345', '1.2.3']) expect(eurosToCents(bad)).toBeNaN();
    expect(centsToEuros(129050)).toBe('1290,50');
    expect(centsToEuros(129000)).toBe('1290');
    expect(centsToEuros(null)).toBe('');
  });

  it('sends every item, empty ones null; a price or « sur devis »; the certification only when certifying', () => {
    const body = programmeBody({
      target_public: '  Salariés  ', prerequisites: ' ', modality: 'mixte', price_mode: 'price', price: '690',
      certifying: false, certification_code: 'RS6289', cpf_eligible: true,
    });
    expect(body).toMatchObject({
      target_public: 'Salariés', prerequisites: null, modality: 'mixte', price_cents: 69000, on_quote: false,
      certifying: false, certification_code: null, cpf_eligible: false, contacts: null,
    });
    expect(programmeBody({ price_mode: 'quote', price: '690' })).toMatchObject({ price_cents: null, on_quote: true });
    expect(programmeBody({ certifying: true, certification_code: 'RS6289', cpf_eligible: true })).toMatchObject({
      certifying: true, certification_code: 'RS6289', cpf_eligible: true,
    });
  });

  it('checks the RNCP or RS code as the server does', () => {
    for (const good of ['RNCP35000', 'rs 6289', ' RS1234 ']) expect(CERTIFICATION_CODE.test(good)).toBe(true);
    for (const bad of ['RNCP', 'TOSA', 'RS123456', '35000']) expect(CERTIFICATION_CODE.test(bad)).toBe(false);
  });
});
