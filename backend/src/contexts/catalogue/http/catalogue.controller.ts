import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Authenticated, CurrentActor, OptionallyAuthenticated } from '../../../platform/auth/auth.decorators.js';
import { IdPipe } from '../../../platform/http/id.pipe.js';
import { paged, PageQuery, type Paged } from '../../../platform/http/paging.js';
import type { Actor } from '../../../shared-kernel/index.js';
import { attachmentDisposition } from '../../../platform/storage/serve-file.js';
import { GetCentreIdentity, GetCentreImage } from '../../centre/contracts/centre.queries.js';
import { GetTeacherProfile } from '../../identity/contracts/identity.queries.js';
import { renderProgrammePdf } from '../application/programme-pdf.js';
import { GetCourseDetail, CourseDetail } from '../application/queries/get-course-detail.query.js';
import { GetPage, PageView } from '../application/queries/get-page.query.js';
import { GetTeacherCourses } from '../application/queries/get-teacher-courses.query.js';
import { ListAllCourses } from '../application/queries/list-all-courses.query.js';
import { CategoryView, ListCategories } from '../application/queries/list-categories.query.js';
import { ListCourses } from '../application/queries/list-courses.query.js';
import { ListPages, PageLink } from '../application/queries/list-pages.query.js';
import { CourseSummary, CourseTitleView } from '../contracts/catalogue.queries.js';
import { CourseListQuery } from './catalogue.requests.js';
import { CoursePage, TeacherPage } from './catalogue.responses.js';

/** « excel-tableaux-croises-dynamiques »: the file name's readable part. */
const slug = (title: string): string => title.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || 'cours';

/** The back office lists courses 5 per page (03). */
const ADMIN_PAGE_SIZE = 5;

@ApiTags('Catalogue')
@Controller()
export class CatalogueController {
  constructor(private readonly queries: QueryBus) {}

  @Get('course')
  @OptionallyAuthenticated()
  @ApiOperation({
    summary: 'Cours publiés, paginés : ?category=, ?result=3 (accueil), ?skill_name=&teacher=, ?search= ; '
      + 'pour un administrateur, ?search=&page= liste aussi les cours non assignés, 5 par page',
  })
  @ApiOkResponse({ type: CoursePage })
  async list(@CurrentActor() actor: Actor | undefined, @Query() query: CourseListQuery, @Req() request: FastifyRequest): Promise<Paged<CourseSummary>> {
    const { result } = query;
    // The back office's list (03: `?search=&page=`, 5 per page) shows every live course, unassigned ones too.
    const adminList = actor?.role === 'admin' && result === undefined && 'search' in (request.query as object);
    const page = result ? { page: 1, pageSize: Math.min(result, 50) } : query.toPageRequest(adminList ? ADMIN_PAGE_SIZE : undefined);
    const filter = {
      featured: result !== undefined, categoryId: query.category, teacherId: query.teacher, skillName: query.skill_name, search: query.search, includeUnassigned: adminList,
    };
    const { results, count } = await this.queries.execute(new ListCourses(filter, page));
    // The home selection is one fixed page: no links to pages it does not have.
    if (result) return { count: results.length, next: null, previous: null, results };
    return paged(results, count, page, request.url);
  }

  @Get('course/:id')
  @OptionallyAuthenticated()
  @ApiOperation({ summary: 'Un cours et ses chapitres dans l’ordre ; un brouillon pour son formateur, les administrateurs et ses inscrits seulement (404 sinon)' })
  @ApiOkResponse({ type: CourseDetail })
  detail(@CurrentActor() actor: Actor | undefined, @Param('id', IdPipe) id: number): Promise<CourseDetail> {
    return this.queries.execute(new GetCourseDetail(id, actor ?? null));
  }

  @Get('course/:id/programme.pdf')
  @OptionallyAuthenticated()
  @ApiOperation({ summary: 'La fiche programme imprimable (PDF) d’un cours publié ; un brouillon : 404 comme sa page (ADR 0047)' })
  @ApiProduces('application/pdf')
  @ApiResponse({ status: 200, description: 'Le PDF de la fiche programme', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } })
  async programmePdf(@CurrentActor() actor: Actor | undefined, @Param('id', IdPipe) id: number, @Res() reply: FastifyReply): Promise<void> {
    const course = await this.queries.execute(new GetCourseDetail(id, actor ?? null));
    const [centre, logo] = await Promise.all([this.queries.execute(new GetCentreIdentity()), this.queries.execute(new GetCentreImage('logo'))]);
    const bytes = await renderProgrammePdf({ course, centre, logo });
    await reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', attachmentDisposition(`programme-${course.id}-${slug(course.title)}.pdf`))
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .header('access-control-expose-headers', 'Content-Disposition')
      .send(bytes);
  }

  @Get('search-courses/:searchstring')
  @ApiOperation({ summary: 'Recherche (sans accents ni casse), les titres d’abord' })
  @ApiOkResponse({ type: CoursePage })
  async search(@Param('searchstring') term: string, @Query() query: PageQuery, @Req() request: FastifyRequest): Promise<Paged<CourseSummary>> {
    const page = query.toPageRequest();
    const { results, count } = await this.queries.execute(new ListCourses({ search: term.trim().slice(0, 200) }, page));
    return paged(results, count, page, request.url);
  }

  @Get('courses/all')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Tous les cours (id, titre) pour les listes de l’administration' })
  @ApiOkResponse({ type: [CourseTitleView] })
  all(): Promise<CourseTitleView[]> {
    return this.queries.execute(new ListAllCourses());
  }

  @Get('category')
  @ApiOperation({ summary: 'Catégories avec leur nombre de cours' })
  @ApiOkResponse({ type: [CategoryView] })
  categories(): Promise<CategoryView[]> {
    return this.queries.execute(new ListCategories());
  }

  @Get('pages')
  @ApiOperation({ summary: 'Pages CMS (liste du pied de page)' })
  @ApiOkResponse({ type: [PageLink] })
  pages(): Promise<PageLink[]> {
    return this.queries.execute(new ListPages());
  }

  @Get('pages/:id/:slug')
  @ApiOperation({ summary: 'Une page CMS (HTML assaini à l’écriture)' })
  @ApiOkResponse({ type: PageView })
  page(@Param('id', IdPipe) id: number): Promise<PageView> {
    return this.queries.execute(new GetPage(id));
  }

  @Get('teacher/:id')
  @OptionallyAuthenticated()
  @ApiOperation({ summary: 'Profil public d’un formateur et ses cours (le téléphone seulement pour lui-même et les administrateurs)' })
  @ApiOkResponse({ type: TeacherPage })
  async teacher(@CurrentActor() actor: Actor | undefined, @Param('id', IdPipe) id: number): Promise<TeacherPage> {
    const [profile, courses] = await Promise.all([
      this.queries.execute(new GetTeacherProfile(actor ?? null, id)),
      this.queries.execute(new GetTeacherCourses(id)),
    ]);
    return { ...profile, total_teacher_course: courses.length, teacher_courses: courses };
  }
}
