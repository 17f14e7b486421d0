import { ValidationPipe, type ArgumentMetadata } from '@nestjs/common';
import { RequestValidationError } from './request-validation.error.js';

/**
 * The API's one validation pipe: request classes are transformed and validated, unknown fields
 * dropped, and errors answered in French per field.
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
  }

  protected override transformPrimitive(value: unknown, _metadata: ArgumentMetadata): unknown {
    return value;
  }
}
