import { Link, useParams } from 'react-router-dom';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { usePageTitle } from '../../../lib/hooks';
import { PagedCourses, usePageParam } from '../../../components/course';
import { ContentPage } from '../../../layout/content-page';
import { useGetCoursesQuery, useGetTeacherProfileQuery } from '../catalogue-api';
import { messages as m } from '../messages';

/** /teacher-skill-courses/{skill_name}/{teacher_id}: a trainer's courses for one skill (02 §2). */
export function TeacherSkillCoursesPage() {
  const { skillName = '', teacherId } = useParams();
  const teacher = Number(teacherId);
  const valid = Number.isInteger(teacher);
  const [page, setPage] = usePageParam();
  const result = useGetCoursesQuery({ page, skillName, teacher }, { skip: !valid });
  const { data: profile } = useGetTeacherProfileQuery(teacher, { skip: !valid });
  usePageTitle(m.skill.pageTitle(skillName));

  return (
    <ContentPage
      title={m.skill.title(skillName)}
      intro={profile ? m.skill.by(profile.full_name) : undefined}
      eyebrow={
        valid ? (
          <Link to={`/teacher-detail/${teacher}`}>
            <ArrowLeftOutlined aria-hidden /> {m.skill.back}
          </Link>
        ) : undefined
      }
    >
      <PagedCourses
        {...result}
        page={page}
        onPage={setPage}
        empty={m.skill.empty}
        what={`cours ${skillName} du formateur ${teacherId}`}
      />
    </ContentPage>
  );
}
