/** The catalogue context's public face for the composition root: its module. Others use `contracts/`. */
export { CatalogueModule } from './catalogue.module.js';
export { ScormManifestUpgrade } from './application/scorm-manifest-upgrade.js';
export { cataloguePageNeeds, type LcpImage } from './http/catalogue-head.js';
