import { ValidationPipe, type ArgumentMetadata } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
import { RequestValidationError } from './request-validation.error.js';
import { memoizeValidationMetadata } from './validation-metadata-cache.js';

/** Where @nestjs/swagger keeps a property's options (ApiProperty): `nullable` among them. */
const SWAGGER_PROPERTY = 'swagger/apiModelProperties';

/**
 * The API's one validation pipe: request classes are transformed and validated, unknown fields
 * dropped, and errors answered in French per field.
 *
 * A null reaches a request class only where its OpenAPI document says the field is nullable
 * (docs/adr/0009-input-hygiene.md, "null"): there it clears the field (PATCH, PUT). A null on any
 * other field the class declares is a 400 `Le champ « x » est obligatoire.`, before the class's
 * own validators (whose IsOptional would let a null through to code that expects text). On POST
 * the request-body hook has already removed them: there a null is a field left out.
 *
 * A single path or query parameter typed `number` is NOT converted here: Nest would apply
 * `Number()`, so `0x10` would reach the parameter's own pipe as 16 and `1e3` as 1000. Such a
 * parameter keeps the text that was sent and its own pipe parses it strictly (IdPipe for ids).
 */
export class RequestValidationPipe extends ValidationPipe {
  constructor() {
    super({
      transform: true,
      whitelist: true,
      stopAtFirstError: true,
      exceptionFactory: (errors) => RequestValidationError.fromClassValidator(errors),
    });
    // Each body's class's rules are looked up once, not by a scan of every class at each request.
    memoizeValidationMetadata();
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' && typeof metadata.metatype === 'function' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const refused = refusedNulls(metadata.metatype, value as Record<string, unknown>);
      if (refused.length > 0) throw new RequestValidationError(Object.fromEntries(refused.map((field) => [field, [`Le champ « ${field} » est obligatoire.`]])));
    }
    return super.transform(value, metadata);
  }

  protected override transformPrimitive(value: unknown, _metadata: ArgumentMetadata): unknown {
    return value;
  }
}

/** The fields of `body` sent as null that `type` declares and its document does not mark nullable. */
export function refusedNulls(type: abstract new (...args: never[]) => unknown, body: Record<string, unknown>): string[] {
  const nulls = Object.keys(body).filter((field) => body[field] === null);
  // Most bodies hold no null: the class's validation metadata (a scan of class-validator's whole
  // storage, a tenth of a millisecond) is read only when one does.
  if (nulls.length === 0) return [];
  const validated = new Set(getMetadataStorage().getTargetValidationMetadatas(type, '', true, false).map((meta) => meta.propertyName));
  return nulls.filter((field) => {
    const documented = Reflect.getMetadata(SWAGGER_PROPERTY, type.prototype as object, field) as { nullable?: boolean } | undefined;
    if (documented) return documented.nullable !== true;
    return validated.has(field);
  });
}
