import type { ReadByCatalogue, TutoringFactsReadByCatalogue } from '../catalogue/contracts/catalogue.reads.js';
import type { TrainerAssignedToStudent, TrainerUnassignedFromStudent } from './contracts/tutoring.events.js';

/**
 * The catalogue (upstream) reads these tutoring events as it declares them in its contracts.
 * Compile-time only: renaming one of them, or a field it reads, fails the build here.
 */
export type TutoringEventsReadByCatalogue = ReadByCatalogue<
  { TrainerAssignedToStudent: TrainerAssignedToStudent; TrainerUnassignedFromStudent: TrainerUnassignedFromStudent },
  TutoringFactsReadByCatalogue
>;
