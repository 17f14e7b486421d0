import { paged, pageRequest } from './paging.js';

describe('paging', () => {
  it('reads page and page size with defaults', () => {
    expect(pageRequest({})).toEqual({ page: 1, pageSize: 8 });
    expect(pageRequest({ page: '3', page_size: '5' })).toEqual({ page: 3, pageSize: 5 });
  });

  it('refuses bad values in French', () => {
    expect(() => pageRequest({ page: '0' })).toThrow('Le numéro de page doit être un entier positif.');
    expect(() => pageRequest({ page_size: '500' })).toThrow('entre 1 et 50');
    for (const page of ['0x2', '1e1', '02', '+2', '2.0', ' 2', 'deux']) expect(() => pageRequest({ page })).toThrow('entier positif');
    expect(() => pageRequest({ page_size: '0x10' })).toThrow('entre 1 et 50');
  });

  it('links to the next and previous pages, keeping the filters', () => {
    const page = paged(['x'], 20, { page: 2, pageSize: 8 }, '/api/course/?category=3&page=2');
    expect(page).toEqual({ count: 20, next: '/api/course/?category=3&page=3', previous: '/api/course/?category=3&page=1', results: ['x'] });
    expect(paged([], 20, { page: 3, pageSize: 8 }, '/api/course/?page=3').next).toBeNull();
  });
});
