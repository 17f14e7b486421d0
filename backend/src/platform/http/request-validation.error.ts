import type { ValidationError } from 'class-validator';

/** Bad input, with one or more French messages per field. */
export class RequestValidationError extends Error {
  constructor(readonly errors: Record<string, string[]>) {
    super(Object.values(errors).flat()[0] ?? 'Données invalides.');
  }

  static fromClassValidator(errors: ValidationError[], parent = ''): RequestValidationError {
    const out: Record<string, string[]> = {};
    const walk = (list: ValidationError[], prefix: string) => {
      for (const error of list) {
        const key = prefix ? `${prefix}.${error.property}` : error.property;
        if (error.constraints) out[key] = [...new Set(Object.values(error.constraints))];
        if (error.children?.length) walk(error.children, key);
      }
    };
    walk(errors, parent);
    return new RequestValidationError(out);
  }
}
