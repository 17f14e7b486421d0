import { Injectable, PipeTransform } from '@nestjs/common';
import { NotFoundError } from '../../shared-kernel/index.js';
import { parseId } from './ids.js';

/** Path ids are plain decimal positive integers (see ids.ts); anything else names no resource: 404. */
@Injectable()
export class IdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    const id = parseId(value);
    if (id === undefined) throw new NotFoundError('Ressource introuvable : identifiant invalide.');
    return id;
  }
}
