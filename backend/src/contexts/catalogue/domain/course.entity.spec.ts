// Chapter ordering needs the ORM's collections: covered by catalogue.api.spec.ts (orders 1, 2 and sub-chapters).
import { Course } from './course.entity.js';

const course = () =>
  new Course({ title: ' Modèles Excel ', description: 'Tableaux', categoryId: 1, teacherId: 2, techs: 'Excel, , Word ', featuredImg: null, now: new Date(0) });

describe('Course', () => {
  it('keeps a searchable form of its text', () => {
    const c = course();
    expect(c.title).toBe('Modèles Excel');
    expect(c.searchTitle).toBe('modeles excel');
    expect(c.searchBody).toBe('modeles excel tableaux excel, word');
    expect(c.techs).toBe('Excel, Word');
  });

  it('refuses an empty title', () => {
    expect(() => new Course({ title: ' ', description: '', categoryId: 1, teacherId: 1, techs: '', featuredImg: null, now: new Date(0) })).toThrow(
      'Le titre du cours est obligatoire.',
    );
  });

  it('refuses a negative duration or an unknown content type', () => {
    expect(() => course().addChapter({ title: 'X', contentType: 'text', duration: -1 })).toThrow('durée');
    expect(() => course().addChapter({ title: 'X', contentType: 'pdf' as never, duration: 1 })).toThrow('Type de contenu inconnu.');
  });

});
