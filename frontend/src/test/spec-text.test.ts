import { describe, expect, it } from 'vitest';
import { foldAccents, specText } from './spec-text';

describe('specText', () => {
  it("finds the corrected spelling from the spec's unaccented string", () => {
    expect('Compte créé avec succès').toMatch(specText('Compte cree avec succes'));
    expect('Espace Étudiant').toMatch(specText('Espace Etudiant'));
    expect("Vous avez été déconnecté, votre compte a été désactivé.").toMatch(specText('Vous avez ete deconnecte, Votre compte a ete desactive.'));
  });

  it('still fails on a different word or a missing punctuation mark', () => {
    expect('Compte créé').not.toMatch(specText('Compte cree avec succes'));
    expect('Inscription réussie').not.toMatch(specText('Inscription reussie !'));
    expect('Cours assigné avec succès.').not.toMatch(specText('Cours assigné avec succès !'));
  });

  it('folds accents and case', () => {
    expect(foldAccents('Échec de la mise à jour')).toBe('echec de la mise a jour');
  });
});
