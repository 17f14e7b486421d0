import type { ValidationError } from 'class-validator';

/**
 * French wording for class-validator's constraints, used only when a request class left a
 * decorator without its own message: class-validator's defaults are English ("x must be a
 * string"), and no English reaches a client.
 */
const FRENCH_BY_CONSTRAINT: Record<string, (field: string) => string> = {
  isString: (f) => `Le champ « ${f} » doit être du texte.`,
  isNotEmpty: (f) => `Le champ « ${f} » est obligatoire.`,
  isDefined: (f) => `Le champ « ${f} » est obligatoire.`,
  maxLength: (f) => `Le champ « ${f} » est trop long.`,
  minLength: (f) => `Le champ « ${f} » est trop court.`,
  isInt: (f) => `Le champ « ${f} » doit être un nombre entier.`,
  isNumber: (f) => `Le champ « ${f} » doit être un nombre.`,
  isPositive: (f) => `Le champ « ${f} » doit être un nombre positif.`,
  min: (f) => `Le champ « ${f} » est trop petit.`,
  max: (f) => `Le champ « ${f} » est trop grand.`,
  isBoolean: (f) => `Le champ « ${f} » doit valoir true ou false.`,
  isIn: (f) => `Le champ « ${f} » n'a pas une valeur autorisée.`,
  isEnum: (f) => `Le champ « ${f} » n'a pas une valeur autorisée.`,
  isEmail: () => "L'adresse e-mail n'est pas valide.",
  isUrl: (f) => `Le champ « ${f} » doit être une adresse web complète (https://…).`,
  isArray: (f) => `Le champ « ${f} » doit être une liste.`,
  unknownValue: () => 'Le corps de la requête doit être un objet JSON.',
};

/** class-validator's own (English) messages; ours are French and never contain these words. */
const DEFAULT_MESSAGE = /\b(must|should|was passed)\b/;

function french(constraint: string, message: string, field: string): string {
  if (!DEFAULT_MESSAGE.test(message)) return message;
  return FRENCH_BY_CONSTRAINT[constraint]?.(field) ?? (field ? `Le champ « ${field} » n'est pas valide.` : 'Données invalides.');
}

/** Bad input, with one or more French messages per field. */
export class RequestValidationError extends Error {
  constructor(readonly errors: Record<string, string[]>) {
    super(Object.values(errors).flat()[0] ?? 'Données invalides.');
  }

  static fromClassValidator(errors: ValidationError[], parent = ''): RequestValidationError {
    const out: Record<string, string[]> = {};
    const walk = (list: ValidationError[], prefix: string) => {
      for (const error of list) {
        const key = error.property ? (prefix ? `${prefix}.${error.property}` : error.property) : prefix;
        if (error.constraints) {
          const messages = Object.entries(error.constraints).map(([constraint, message]) => french(constraint, message, key));
          out[key || 'body'] = [...new Set(messages)];
        }
        if (error.children?.length) walk(error.children, key);
      }
    };
    walk(errors, parent);
    return new RequestValidationError(out);
  }
}
