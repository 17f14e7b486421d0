import { Injectable, PipeTransform } from '@nestjs/common';
import { NotFoundError } from '../../shared-kernel/index.js';

/** Path ids are positive integers; anything else names no resource. */
@Injectable()
export class IdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    const id = Number(value);
    if (!/^\d{1,10}$/.test(value) || !Number.isSafeInteger(id) || id <= 0 || id > 2 ** 31 - 1) {
      throw new NotFoundError('Ressource introuvable : identifiant invalide.');
    }
    return id;
  }
}
