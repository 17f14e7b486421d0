import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, MaxLength } from 'class-validator';
import { RequestValidationError } from './request-validation.error.js';
import { RequestValidationPipe } from './request-validation.pipe.js';

class Sample {
  // With stopAtFirstError, the decorator written last is checked first.
  @IsOptional()
  @MaxLength(5)
  @IsString()
  refresh?: string;

  @IsOptional()
  @IsInt({ message: 'Le nombre doit être entier.' })
  count?: number;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @IsString()
  phone?: string | null;

  @ApiPropertyOptional({ type: String })
  @IsOptional()
  @IsString()
  name?: string;
}

const pipe = new RequestValidationPipe();
const refusal = async (value: unknown): Promise<RequestValidationError> => {
  try {
    await pipe.transform(value, { type: 'body', metatype: Sample });
  } catch (error) {
    return error as RequestValidationError;
  }
  throw new Error('accepté');
};

describe('RequestValidationPipe', () => {
  it('keeps the messages a request class gives', async () => {
    expect((await refusal({ count: 'x' })).errors).toEqual({ count: ['Le nombre doit être entier.'] });
  });

  it('answers in French where the request class forgot a message (class-validator speaks English)', async () => {
    expect((await refusal({ refresh: ['x'] })).errors).toEqual({ refresh: ['Le champ « refresh » doit être du texte.'] });
    expect((await refusal({ refresh: 'beaucoup trop long' })).errors).toEqual({ refresh: ['Le champ « refresh » est trop long.'] });
  });

  it('lets a null through where the document says nullable (it clears the field), and refuses it on every other declared field', async () => {
    expect(await pipe.transform({ phone: null }, { type: 'body', metatype: Sample })).toEqual({ phone: null });
    expect((await refusal({ name: null, count: null, refresh: 'abc' })).errors).toEqual({
      name: ['Le champ « name » est obligatoire.'],
      count: ['Le champ « count » est obligatoire.'],
    });
    // An undeclared field is dropped as before, null or not.
    expect(await pipe.transform({ other: null }, { type: 'body', metatype: Sample })).toEqual({});
  });

  it('drops unknown fields', async () => {
    expect(await pipe.transform({ refresh: 'abc', role: 'admin' }, { type: 'body', metatype: Sample })).toEqual({ refresh: 'abc' });
  });

  it('leaves a single path parameter as sent, for its own pipe to parse strictly', async () => {
    for (const text of ['0x10', '1e3', ' 1']) expect(await pipe.transform(text, { type: 'param', metatype: Number, data: 'id' })).toBe(text);
  });
});
