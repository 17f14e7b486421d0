import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CommandBus } from '@nestjs/cqrs';
import { SetCentreImage, UpdateCentreIdentity } from '../contexts/centre/testing.js';
import type { Actor } from '../shared-kernel/index.js';

/**
 * The demo centre's identity (docs/adr/0032), as its mentions légales already name it: Centre de
 * formation LMS, 24 rue de la République, 69002 Lyon. The SIRET passes the Luhn key; the NDA is an
 * Auvergne-Rhône-Alpes one (84, Rhône 69). The signatory is the demo admin, its legal representative.
 * Logo and signature/stamp: drawn by assets/make-centre-images.mjs.
 */
export const DEMO_CENTRE = {
  nom: 'Centre de formation LMS',
  siret: '89123456700008',
  nda: '84691234569',
  rue: '24 rue de la République',
  code_postal: '69002',
  ville: 'Lyon',
  signataire_nom: 'Sophie Laurent',
  signataire_qualite: 'Représentant légal du dispensateur',
  lieu: 'Lyon',
};

export async function seedDemoCentre(commands: CommandBus, asAdmin: Actor, assets: string): Promise<void> {
  await commands.execute(new UpdateCentreIdentity(asAdmin, DEMO_CENTRE));
  await commands.execute(new SetCentreImage(asAdmin, 'logo', readFileSync(join(assets, 'centre', 'logo.png'))));
  await commands.execute(new SetCentreImage(asAdmin, 'signature', readFileSync(join(assets, 'centre', 'signature.png'))));
}
