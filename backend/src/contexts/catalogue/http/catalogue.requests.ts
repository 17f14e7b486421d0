import { PageQuery } from '../../../platform/http/paging.js';
import { OptionalQueryId, OptionalQueryText } from '../../../platform/http/query-params.js';

/** GET /course/: a category, a trainer and a skill, a search, or the home selection (`?result=3`). */
export class CourseListQuery extends PageQuery {
  @OptionalQueryId('Identifiant de la catégorie')
  category?: number;

  @OptionalQueryId('Sélection de l’accueil : ce nombre de cours (50 au plus), les plus suivis d’abord')
  result?: number;

  @OptionalQueryId('Identifiant du formateur')
  teacher?: number;

  @OptionalQueryText('Compétence (titre, description, technologies ou catégorie)', 'La compétence')
  skill_name?: string;

  @OptionalQueryText('Recherche sans accents ni casse', 'La recherche')
  search?: string;
}
