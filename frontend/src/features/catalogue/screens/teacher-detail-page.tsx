import { Link, useParams } from 'react-router-dom';
import { Col, Empty, Row, Skeleton } from 'antd';
import { Panel } from '../../../components/panel';
import {
  BookOutlined,
  FacebookFilled,
  GlobalOutlined,
  InstagramOutlined,
  MailOutlined,
  SafetyCertificateOutlined,
  TwitterOutlined,
  YoutubeFilled,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../../lib/hooks';
import { PersonAvatar } from '../../../components/avatar';
import { LoadFailure, useLogFailure } from '../../../components/course';
import { StatusMessage } from '../../../components/status';
import { useGetTeacherProfileQuery, type TeacherProfile } from '../catalogue-api';
import { messages as m } from '../messages';

/** Only http(s) addresses become links: a profile field is user input. */
function safeUrl(value: string | null | undefined): string | null {
  const url = (value ?? '').trim();
  return /^https?:\/\//i.test(url) ? url : null;
}

interface SocialLink {
  label: string;
  href: string | null;
  icon: ReactNode;
}

function socialLinks(teacher: TeacherProfile): SocialLink[] {
  const candidates: SocialLink[] = [
    { label: m.teacher.facebook, href: safeUrl(teacher.face_url), icon: <FacebookFilled /> },
    { label: m.teacher.instagram, href: safeUrl(teacher.insta_url), icon: <InstagramOutlined /> },
    { label: m.teacher.twitter, href: safeUrl(teacher.twit_url), icon: <TwitterOutlined /> },
    { label: m.teacher.youtube, href: safeUrl(teacher.you_url), icon: <YoutubeFilled /> },
    { label: m.teacher.website, href: safeUrl(teacher.web_url), icon: <GlobalOutlined /> },
  ];
  return candidates.filter((link) => Boolean(link.href));
}

function skillsOf(teacher: TeacherProfile): string[] {
  if (teacher.skill_list?.length) return teacher.skill_list;
  return (teacher.skills ?? '')
    .split(',')
    .map((skill) => skill.trim())
    .filter(Boolean);
}

/** /teacher-detail/{teacher_id}: the public trainer profile (03 §2). */
export function TeacherDetailPage() {
  usePageTitle(m.teacher.pageTitle);
  const { teacherId } = useParams();
  const id = Number(teacherId);
  const { data: teacher, isLoading, error, refetch } = useGetTeacherProfileQuery(id, {
    skip: !Number.isInteger(id),
  });
  useLogFailure(error, `profil formateur ${teacherId}`);

  if (isLoading) {
    return (
      <div className="content-page">
        <Skeleton avatar active paragraph={{ rows: 6 }} />
      </div>
    );
  }
  if (!teacher) {
    const status = (error as { status?: unknown } | undefined)?.status;
    return status === 404 || !Number.isInteger(id) ? (
      <StatusMessage kind="not-found" level={1} title={m.teacher.notFoundTitle} text={m.teacher.notFoundText} />
    ) : (
      <LoadFailure onRetry={refetch} />
    );
  }

  const skills = skillsOf(teacher);
  const social = socialLinks(teacher);
  return (
    <div className="content-page teacher-profile">
      <Row gutter={[32, 32]}>
        <Col xs={24} md={8}>
          <Panel className="teacher-profile__card">
            <PersonAvatar
              size={128}
              src={teacher.profile_img}
              name={teacher.full_name}
              className="teacher-profile__photo"
              alt={teacher.profile_img ? teacher.full_name : undefined}
            />
            <h1 className="teacher-profile__name">{teacher.full_name}</h1>
            <p className="teacher-profile__count">
              <BookOutlined aria-hidden /> {m.teacher.courseCount(teacher.total_teacher_course)}
            </p>
            <dl className="teacher-profile__facts">
              {teacher.email ? (
                <>
                  <dt>
                    <MailOutlined aria-hidden /> {m.teacher.email}
                  </dt>
                  <dd>
                    <a href={`mailto:${teacher.email}`}>{teacher.email}</a>
                  </dd>
                </>
              ) : null}
              {teacher.qualification ? (
                <>
                  <dt>
                    <SafetyCertificateOutlined aria-hidden /> {m.teacher.qualification}
                  </dt>
                  <dd>{teacher.qualification}</dd>
                </>
              ) : null}
            </dl>
            {social.length ? (
              <nav aria-label={m.teacher.social} className="teacher-profile__social">
                {social.map((link) => (
                  <a
                    key={link.label}
                    href={link.href ?? undefined}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={link.label}
                    title={link.label}
                  >
                    {link.icon}
                  </a>
                ))}
              </nav>
            ) : null}
          </Panel>
        </Col>
        <Col xs={24} md={16}>
          {teacher.detail ? (
            <section className="teacher-profile__section">
              <h2>{m.teacher.about}</h2>
              <p className="teacher-profile__detail">{teacher.detail}</p>
            </section>
          ) : null}
          {skills.length ? (
            <section className="teacher-profile__section">
              <h2>{m.teacher.skills}</h2>
              <p className="teacher-profile__hint">{m.teacher.skillsHint}</p>
              <ul className="teacher-profile__skills">
                {skills.map((skill) => (
                  <li key={skill}>
                    <Link
                      to={`/teacher-skill-courses/${encodeURIComponent(skill)}/${teacher.id}`}
                      className="tag tag--brand"
                    >
                      {skill}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <section className="teacher-profile__section">
            <h2>{m.teacher.courses}</h2>
            {teacher.teacher_courses?.length ? (
              <ul className="teacher-profile__courses">
                {teacher.teacher_courses.map((course) => (
                  <li key={course.id}>
                    <BookOutlined aria-hidden /> <Link to={`/detail/${course.id}`}>{course.title}</Link>
                  </li>
                ))}
              </ul>
            ) : (
              <Empty description={m.teacher.noCourses} />
            )}
          </section>
        </Col>
      </Row>
    </div>
  );
}
