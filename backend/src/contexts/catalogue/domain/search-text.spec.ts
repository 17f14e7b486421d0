import { likePattern, searchText, slugify } from './search-text.js';

describe('searchText', () => {
  it('drops accents and case, so that searches match in French', () => {
    expect(searchText('Modèles de documents')).toContain('modeles');
    expect(searchText('Étudiant')).toBe('etudiant');
    expect(searchText('Cœur de métier', 'ÉLÈVE')).toBe('coeur de metier eleve');
  });
});

describe('slugify', () => {
  it('makes a URL slug', () => {
    expect(slugify('Gestion de projet & agilité')).toBe('gestion-de-projet-agilite');
    expect(slugify('!!!')).toBe('page');
  });
});

describe('likePattern', () => {
  it('escapes LIKE wildcards typed by a visitor', () => {
    expect(likePattern('100%_x')).toBe('%100\\%\\_x%');
  });
});
