import { InvalidInputError } from '../../../shared-kernel/index.js';

export class InvalidCentreFieldError extends InvalidInputError {}

export class InvalidCentreImageError extends InvalidInputError {
  constructor(message: string, field: string) {
    super(message, field);
  }
}
