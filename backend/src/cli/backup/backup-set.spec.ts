import { headDifferences, isSafeRelativePath } from './backup-set.js';

describe('headDifferences', () => {
  const before = ['a/1@3:aaa', 'b/2@1:bbb', 'c/3@2:ccc'];

  it('finds nothing between equal lists, whatever their order', () => {
    expect(headDifferences(before, [...before].reverse())).toEqual([]);
  });

  it('names a changed head, a missing stream and an extra one, in French', () => {
    expect(headDifferences(before, ['a/1@3:aaa', 'b/2@2:bbx', 'd/4@1:ddd'])).toEqual([
      'flux b/2 : tête b/2@1:bbb avant, b/2@2:bbx après',
      'flux c/3 : absent de la copie restaurée (avant : c/3@2:ccc)',
      'flux d/4 : présent seulement dans la copie restaurée (d/4@1:ddd)',
    ]);
  });

  it('keeps at most the given number of lines', () => {
    expect(headDifferences(before, [], 2)).toHaveLength(2);
  });
});

describe('isSafeRelativePath', () => {
  it('takes a media or table path, refuses anything that could leave its folder', () => {
    for (const good of ['courses/a.jpg', 'content/1b2c/index.html', 'tables/eventlog.event.ndjson.gz', 'secrets.json']) expect(isSafeRelativePath(good)).toBe(true);
    for (const bad of ['', '/etc/passwd', '../x', 'a/../../x', 'a//b', './a', 'a/.', 'a\\..\\b', 'a\0b']) expect(isSafeRelativePath(bad)).toBe(false);
  });
});
