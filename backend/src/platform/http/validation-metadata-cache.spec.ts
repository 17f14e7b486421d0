import { IsInt, IsString, MetadataStorage, validate, ValidationTypes } from 'class-validator';
import { memoizeValidationMetadata } from './validation-metadata-cache.js';

class Base {
  @IsInt()
  id!: number;
}

class Answer extends Base {
  @IsString()
  text!: string;
}

type Rule = Parameters<MetadataStorage['addValidationMetadata']>[0];
/** A rule as class-validator's ValidationMetadata builds it (that class is not in its public exports). */
const rule = (target: object, propertyName: string, groups?: string[]): Rule =>
  ({ type: ValidationTypes.CUSTOM_VALIDATION, target, propertyName, constraints: [], groups: groups ?? [], each: false, context: undefined }) as unknown as Rule;

const names = (metadatas: { propertyName: string }[]) => metadatas.map((m) => m.propertyName).sort();

describe('memoizeValidationMetadata', () => {
  it('answers what the storage answers, own and inherited rules, each caller its own array', () => {
    const storage = new MetadataStorage();
    storage.addValidationMetadata(rule(Base, 'id'));
    storage.addValidationMetadata(rule(Answer, 'text'));
    const before = names(storage.getTargetValidationMetadatas(Answer, '', false, false));
    memoizeValidationMetadata(storage);
    const first = storage.getTargetValidationMetadatas(Answer, '', false, false);
    const second = storage.getTargetValidationMetadatas(Answer, '', false, false);
    expect(names(first)).toEqual(before);
    expect(names(first)).toEqual(['id', 'text']);
    expect(second).not.toBe(first);
    first.pop();
    expect(names(storage.getTargetValidationMetadatas(Answer, '', false, false))).toEqual(['id', 'text']);
  });

  it('forgets what it kept when a rule is added (a class loaded later)', () => {
    const storage = new MetadataStorage();
    memoizeValidationMetadata(storage);
    memoizeValidationMetadata(storage); // twice is once
    expect(storage.getTargetValidationMetadatas(Answer, '', false, false)).toEqual([]);
    storage.addValidationMetadata(rule(Base, 'id'));
    expect(names(storage.getTargetValidationMetadatas(Answer, '', false, false))).toEqual(['id']);
    // Other options are other answers: groups.
    storage.addValidationMetadata(rule(Answer, 'text', ['g']));
    expect(names(storage.getTargetValidationMetadatas(Answer, '', false, false, ['g']))).toEqual(['text']);
    expect(names(storage.getTargetValidationMetadatas(Answer, '', false, true))).toEqual(['id']);
    expect(names(storage.getTargetValidationMetadatas(Answer, '', false, false))).toEqual(['id', 'text']);
  });

  it('still validates with the global storage memoized', async () => {
    memoizeValidationMetadata();
    const answer = Object.assign(new Answer(), { id: 'x', text: 3 });
    expect((await validate(answer)).map((e) => e.property).sort()).toEqual(['id', 'text']);
    const good = Object.assign(new Answer(), { id: 1, text: 'oui' });
    expect(await validate(good)).toEqual([]);
  });
});
