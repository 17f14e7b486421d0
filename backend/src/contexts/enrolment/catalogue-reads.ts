import type { EnrolmentFactsReadByCatalogue, ReadByCatalogue } from '../catalogue/contracts/catalogue.reads.js';
import type { CourseRated, StudentEnrolled, StudentUnenrolled } from './contracts/enrolment.events.js';

/**
 * The catalogue (upstream) reads these enrolment events as it declares them in its contracts.
 * Compile-time only: renaming one of them, or a field it reads, fails the build here.
 */
export type EnrolmentEventsReadByCatalogue = ReadByCatalogue<
  { StudentEnrolled: StudentEnrolled; StudentUnenrolled: StudentUnenrolled; CourseRated: CourseRated },
  EnrolmentFactsReadByCatalogue
>;
