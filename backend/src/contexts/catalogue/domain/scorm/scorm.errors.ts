import { InvalidInputError } from '../../../../shared-kernel/index.js';

/** The form field the upload arrives in: the error filter names it in its answer. */
export const SCORM_FILE_FIELD = 'scorm_file';

export const NOT_A_ZIP_MESSAGE = 'Le fichier doit être une archive ZIP (paquet SCORM 1.2 ou 2004).';

/** A package the platform refuses to import (HTTP 400, French message, field `scorm_file`). */
export class InvalidScormPackageError extends InvalidInputError {
  constructor(message: string) {
    super(message, SCORM_FILE_FIELD);
  }

  /** « Le paquet SCORM est invalide : <reason> » */
  static because(reason: string): InvalidScormPackageError {
    return new InvalidScormPackageError(`Le paquet SCORM est invalide : ${reason}`);
  }

  static notAZip(): InvalidScormPackageError {
    return new InvalidScormPackageError(NOT_A_ZIP_MESSAGE);
  }
}
