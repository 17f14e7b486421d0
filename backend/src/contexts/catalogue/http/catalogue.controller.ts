import { Controller, Get, Param, Query, Req } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Authenticated, CurrentActor, OptionallyAuthenticated } from '../../../platform/auth/auth.decorators.js';
import { IdPipe } from '../../../platform/http/id.pipe.js';
import { parseId } from '../../../platform/http/ids.js';
import { paged, pageRequest, type Paged } from '../../../platform/http/paging.js';
import { InvalidInputError, type Actor } from '../../../shared-kernel/index.js';
import { GetTeacherProfile, type TeacherView } from '../../identity/index.js';
import { ListCategories, ListPages, GetPage, type CategoryView } from '../application/queries/category-page.queries.js';
import {
  GetCourseDetail,
  GetTeacherCourses,
  ListAllCourses,
  ListCourses,
  type CourseDetail,
  type CourseFilter,
  type CourseSummary,
} from '../application/queries/course.queries.js';

type QueryValue = string | string[] | undefined;

interface CourseListQuery {
  page?: QueryValue;
  page_size?: QueryValue;
  category?: QueryValue;
  result?: QueryValue;
  skill_name?: QueryValue;
  teacher?: QueryValue;
  search?: QueryValue;
}

/** A repeated query parameter (`?search=a&search=b`) keeps its last value. */
function single(value: QueryValue): string | undefined {
  return Array.isArray(value) ? value.at(-1) : value;
}

function optionalId(raw: QueryValue, field: string): number | undefined {
  const value = single(raw);
  if (value === undefined || value === '') return undefined;
  const id = parseId(value);
  if (id === undefined) throw new InvalidInputError('Identifiant invalide.', field);
  return id;
}

@ApiTags('Catalogue')
@Controller()
export class CatalogueController {
  constructor(private readonly queries: QueryBus) {}

  @Get('course')
  @ApiOperation({ summary: 'Cours publiés, paginés : ?category=, ?result=3 (accueil), ?skill_name=&teacher=, ?search=' })
  @ApiQuery({ name: 'category', required: false })
  @ApiQuery({ name: 'result', required: false })
  @ApiQuery({ name: 'skill_name', required: false })
  @ApiQuery({ name: 'teacher', required: false })
  @ApiQuery({ name: 'search', required: false })
  @ApiQuery({ name: 'page', required: false })
  @ApiQuery({ name: 'page_size', required: false })
  async list(@Query() query: CourseListQuery, @Req() request: FastifyRequest): Promise<Paged<CourseSummary>> {
    const result = optionalId(query.result, 'result');
    const page = result ? { page: 1, pageSize: Math.min(result, 50) } : pageRequest({ page: single(query.page), page_size: single(query.page_size) });
    const filter: CourseFilter = {
      featured: result !== undefined,
      categoryId: optionalId(query.category, 'category'),
      teacherId: optionalId(query.teacher, 'teacher'),
      skillName: single(query.skill_name)?.trim() || undefined,
      search: single(query.search)?.trim() || undefined,
    };
    const { results, count } = await this.queries.execute<ListCourses, { results: CourseSummary[]; count: number }>(new ListCourses(filter, page));
    // The home selection is one fixed page: no links to pages it does not have.
    if (result) return { count: results.length, next: null, previous: null, results };
    return paged(results, count, page, request.url);
  }

  @Get('course/:id')
  @ApiOperation({ summary: 'Un cours et ses chapitres dans l’ordre' })
  detail(@Param('id', IdPipe) id: number): Promise<CourseDetail> {
    return this.queries.execute(new GetCourseDetail(id));
  }

  @Get('search-courses/:searchstring')
  @ApiOperation({ summary: 'Recherche (sans accents ni casse), les titres d’abord' })
  async search(@Param('searchstring') term: string, @Query() query: CourseListQuery, @Req() request: FastifyRequest): Promise<Paged<CourseSummary>> {
    const page = pageRequest({ page: single(query.page), page_size: single(query.page_size) });
    const search = term.trim().slice(0, 200);
    const { results, count } = await this.queries.execute<ListCourses, { results: CourseSummary[]; count: number }>(new ListCourses({ search }, page));
    return paged(results, count, page, request.url);
  }

  @Get('courses/all')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Tous les cours (id, titre) pour les listes de l’administration' })
  all(): Promise<{ id: number; title: string }[]> {
    return this.queries.execute(new ListAllCourses());
  }

  @Get('category')
  @ApiOperation({ summary: 'Catégories avec leur nombre de cours' })
  categories(): Promise<CategoryView[]> {
    return this.queries.execute(new ListCategories());
  }

  @Get('pages')
  @ApiOperation({ summary: 'Pages CMS (liste du pied de page)' })
  pages(): Promise<{ id: number; title: string; slug: string }[]> {
    return this.queries.execute(new ListPages());
  }

  @Get('pages/:id/:slug')
  @ApiOperation({ summary: 'Une page CMS (HTML assaini à l’écriture)' })
  page(@Param('id', IdPipe) id: number) {
    return this.queries.execute(new GetPage(id));
  }

  @Get('teacher/:id')
  @OptionallyAuthenticated()
  @ApiOperation({ summary: 'Profil public d’un formateur et ses cours (le téléphone seulement pour lui-même et les administrateurs)' })
  async teacher(@CurrentActor() actor: Actor | undefined, @Param('id', IdPipe) id: number) {
    const withPrivate = actor?.role === 'admin' || (actor?.role === 'teacher' && actor.profileId === id);
    const [profile, courses] = await Promise.all([
      this.queries.execute<GetTeacherProfile, TeacherView>(new GetTeacherProfile(id, withPrivate)),
      this.queries.execute<GetTeacherCourses, { id: number; title: string }[]>(new GetTeacherCourses(id)),
    ]);
    return { ...profile, total_teacher_course: courses.length, teacher_courses: courses };
  }
}
