import { ApiProperty } from '@nestjs/swagger';
import { PagedOf } from '../../../platform/http/paging.js';
import { TeacherView } from '../../identity/contracts/identity.queries.js';
import { CourseSummary, CourseTitleView } from '../contracts/catalogue.queries.js';

export class CoursePage extends PagedOf(CourseSummary) {}

/** The public trainer page: the profile and their courses. */
export class TeacherPage extends TeacherView {
  @ApiProperty() total_teacher_course!: number;
  @ApiProperty({ type: [CourseTitleView] }) teacher_courses!: CourseTitleView[];
}
