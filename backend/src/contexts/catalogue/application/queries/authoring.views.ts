import { ProgrammeMissingItem, ProgrammeView } from './programme.views.js';
import { ApiProperty } from '@nestjs/swagger';
import { CONTENT_TYPES, type ContentType } from '../../contracts/catalogue.events.js';
import { COURSE_NATURES, type CourseNature } from '../../domain/course-promises.js';

/** A course as its edit forms read it. */
export class CourseEditView {
  @ApiProperty() id!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Identifiant du formateur ; null : cours non assigné' }) formateur!: number | null;
  @ApiProperty() title!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ type: String, nullable: true }) featured_img!: string | null;
  @ApiProperty({ description: 'Identifiant de la catégorie' }) category!: number;
  @ApiProperty() techs!: string;
  @ApiProperty({ enum: ['draft', 'published'], description: 'Brouillon (le formateur et les administrateurs seulement) ou publié (au catalogue), ADR 0030' })
  status!: 'draft' | 'published';
  @ApiProperty({ type: String, nullable: true, description: 'Objectifs pédagogiques, un par ligne' }) objectives!: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Durée prévue en minutes' }) planned_minutes!: number | null;
  @ApiProperty({ enum: COURSE_NATURES, nullable: true, description: 'Nature de l’action' }) nature!: CourseNature | null;
  @ApiProperty({ type: ProgrammeView, description: 'Fiche programme (ADR 0047)' }) programme!: ProgrammeView;
  @ApiProperty({ type: [ProgrammeMissingItem], description: 'Ce qui manque à la fiche programme pour publier le cours' }) programme_missing!: ProgrammeMissingItem[];
}

/** A row of the trainer's "Mes cours" table. */
export class AuthoredCourseRow {
  @ApiProperty() id!: number;
  @ApiProperty() title!: string;
  @ApiProperty() description!: string;
  @ApiProperty() featured_img!: string;
  @ApiProperty({ type: Number, nullable: true, description: 'Moyenne des notes (sur 5), à une décimale' }) course_rating!: number | null;
  @ApiProperty() total_enrolled_students!: number;
  @ApiProperty() chapter_count!: number;
  @ApiProperty({ description: 'Secondes (chapitres et sous-chapitres)' }) total_duration!: number;
  @ApiProperty() category!: number;
  @ApiProperty() category_title!: string;
  @ApiProperty({ enum: ['draft', 'published'], description: 'Brouillon (le formateur et les administrateurs seulement) ou publié (au catalogue), ADR 0030' })
  status!: 'draft' | 'published';
}

export class PublicationResult {
  @ApiProperty() success!: boolean;
  @ApiProperty({ enum: ['draft', 'published'] }) status!: 'draft' | 'published';
  @ApiProperty() message!: string;
}

export class TrainerDashboardView {
  @ApiProperty() total_formateur_course!: number;
  @ApiProperty({ description: 'Étudiants distincts inscrits à ses cours' }) total_formateur_students!: number;
  @ApiProperty() total_formateur_chapters!: number;
}

class StepFields {
  @ApiProperty() id!: number;
  @ApiProperty() course!: number;
  @ApiProperty() title!: string;
  @ApiProperty() description!: string;
  @ApiProperty() order!: number;
  @ApiProperty({ enum: CONTENT_TYPES }) content_type!: ContentType;
  @ApiProperty({ description: 'Secondes' }) duration!: number;
  @ApiProperty({ description: 'Lien vidéo tel que saisi' }) video_url!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Adresse du lecteur (YouTube embed, lecteur Vimeo) calculée depuis video_url' })
  video_embed_url!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Vidéo déposée (/media/content/…, réservée aux inscrits, au formateur et aux administrateurs)' })
  video!: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Durée réelle de la vidéo déposée, en secondes' }) video_duration!: number | null;
  @ApiProperty() text_content!: string;
  @ApiProperty({ type: Number, nullable: true }) quiz!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Durée moyenne estimée en minutes (Code du travail D.6313-3-1 2°) ; null : non déclarée' })
  declared_minutes!: number | null;
}

export class SubchapterView extends StepFields {
  @ApiProperty() chapter!: number;
}

/** One launchable item (SCO) of a SCORM package, in the manifest's order. */
export class ScormItemView {
  @ApiProperty({ description: 'Identifiant de l’item dans le manifeste (le « sco » des envois de progression)' }) identifier!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ description: '/media/scorm/{chapterId}/… : le fichier de lancement de cet item' }) url!: string;
  @ApiProperty({ type: Number, nullable: true, description: 'adlcp:masteryscore (1.2) : le score brut qui fait « passed »' }) mastery_score!: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'adlcp:datafromlms : cmi.launch_data' }) launch_data!: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'adlcp:completionThreshold (2004) : cmi.completion_threshold' }) completion_threshold!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'imsss:minNormalizedMeasure (2004, satisfiedByMeasure) : cmi.scaled_passing_score' }) scaled_passing_score!: number | null;
}

export class ChapterView extends StepFields {
  @ApiProperty() course_title!: string;
  @ApiProperty({ type: String, nullable: true, description: '/media/scorm/{chapterId}/index.html (ouvre le fichier de lancement du manifeste)' })
  scorm_url!: string | null;
  @ApiProperty({ type: String, nullable: true, enum: ['1.2', '2004'] }) scorm_version!: '1.2' | '2004' | null;
  @ApiProperty({ type: [ScormItemView], description: 'Les SCO du paquet (vide hors SCORM) : le lecteur passe de l’un à l’autre ; ni ressources « asset », ni items masqués (isvisible="false")' }) scorm_items!: ScormItemView[];
  @ApiProperty({ enum: ['completed_or_passed', 'completed', 'passed'], description: 'Ce qui valide le chapitre s’il est SCORM : chaque partie terminée, réussie, ou l’un ou l’autre' })
  scorm_rule!: 'completed_or_passed' | 'completed' | 'passed';
  @ApiProperty({ type: [SubchapterView] }) subchapters!: SubchapterView[];
}

export class RemovalImpactView {
  @ApiProperty({ enum: ['archive', 'delete'], description: 'archive : des étudiants sont inscrits, leur historique est conservé ; delete : suppression définitive' })
  mode!: 'archive' | 'delete';
  @ApiProperty() enrolled_students!: number;
}

export class RemovalResult {
  @ApiProperty({ description: 'true : archivé (conservé pour les apprenants) ; false : supprimé' }) archived!: boolean;
}

export class StudyMaterialView {
  @ApiProperty() id!: number;
  @ApiProperty() course!: number;
  @ApiProperty() title!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ description: 'Adresse de téléchargement (/media/content/…, réservée)' }) upload!: string;
  @ApiProperty({ description: 'Nom du fichier d’origine' }) file_name!: string;
  @ApiProperty() content_type!: string;
  @ApiProperty() size!: number;
  @ApiProperty() remarks!: string;
  @ApiProperty() created_at!: string;
}
