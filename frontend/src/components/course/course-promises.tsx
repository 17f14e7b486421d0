import './course-promises.css';

/** The natures of an action as the ministry's model of the certificat de réalisation names them. */
export const NATURE_LABELS = {
  action_formation: 'Action de formation',
  bilan_competences: 'Bilan de compétences',
  vae: 'Action de VAE',
  apprentissage: 'Action de formation par apprentissage',
} as const;
export type CourseNature = keyof typeof NATURE_LABELS;

/** Minutes as a trainer writes them: « 45 min », « 7 h », « 7 h 30 », « 1 h 05 ». */
export function formatMinutes(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  if (whole < 60) return `${whole} min`;
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  return rest ? `${hours.toLocaleString('fr-FR')} h ${String(rest).padStart(2, '0')}` : `${hours.toLocaleString('fr-FR')} h`;
}

/** A step's declared average duration, as the outlines show it: « ≈ 20 min ». */
export const declaredLabel = (minutes: number) => `≈ ${formatMinutes(minutes)}`;
/** Its spoken form (the sign « ≈ » is read poorly by screen readers). */
export const declaredSpoken = (minutes: number) => `durée moyenne estimée : ${formatMinutes(minutes)}`;

/** A step's declared duration in an outline line; nothing when not declared. */
export function DeclaredDuration({ minutes, className = 'declared-duration' }: { minutes: number | null | undefined; className?: string }) {
  if (!minutes) return null;
  return (
    <span className={className} title={declaredSpoken(minutes)}>
      <span aria-hidden>{declaredLabel(minutes)}</span>
      <span className="visually-hidden">{declaredSpoken(minutes)}</span>
    </span>
  );
}

/** What a course promises, as the course page and the authoring views receive it (objectives as a list or one per line). */
export interface PromisesOf {
  objectives: string[] | string | null;
  planned_minutes: number | null;
  nature: CourseNature | null;
}

/**
 * « Ce que vous allez apprendre » on the course page: the objectives as a list, the planned
 * duration and the nature of the action (issue 26). Nothing when the course declares none.
 */
export function CoursePromises({ course, headingLevel = 2 }: { course: PromisesOf; headingLevel?: 2 | 3 }) {
  const { planned_minutes: planned, nature } = course;
  const objectives = typeof course.objectives === 'string' ? course.objectives.split('\n').filter(Boolean) : (course.objectives ?? []);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const Sub = headingLevel === 2 ? 'h3' : 'h4';
  if (!objectives.length && !planned && !nature) return null;
  return (
    <section className="course-detail__section course-promises" aria-labelledby="course-promises">
      <Heading id="course-promises">Ce que vous allez apprendre</Heading>
      {objectives.length ? (
        <>
          <Sub className="course-detail__subheading">Objectifs pédagogiques</Sub>
          <ul className="course-promises__objectives" data-testid="course-objectives">
            {objectives.map((objective, index) => (
              <li key={index}>{objective}</li>
            ))}
          </ul>
        </>
      ) : null}
      <dl className="course-promises__facts">
        {planned ? (
          <div>
            <dt>Durée prévue</dt>
            <dd data-testid="course-planned-duration">{formatMinutes(planned)}</dd>
          </div>
        ) : null}
        {nature ? (
          <div>
            <dt>Nature de l’action</dt>
            <dd data-testid="course-nature">{NATURE_LABELS[nature]}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
