// The course player reads a course's steps with their content: the learners who follow it (as
// the content gate lets them read its media), besides its trainer and admins; each SCO of a
// multi-SCO package with its own launch address, so the learner can move between them.
import { call, givenCourse, givenEnrolled, givenStudent, givenTeacher } from '../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';
import { buildZip } from '../domain/scorm/testing/zip-builder.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const MANIFEST = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="deux-sco" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>Deux parties</title>
    <item identifier="partie_1" identifierref="r1"><title>Première partie</title></item>
    <item identifier="partie_2" identifierref="r2" parameters="?niveau=2"><title>Seconde partie</title></item>
  </organization></organizations>
  <resources>
    <resource identifier="r1" type="webcontent" adlcp:scormtype="sco" href="un.html"><file href="un.html"/></resource>
    <resource identifier="r2" type="webcontent" adlcp:scormtype="sco" href="partie 2/deux.html"><file href="partie 2/deux.html"/></resource>
  </resources>
</manifest>`;

function scormUpload(bytes: Buffer): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries({ title: 'Module en deux parties', content_type: 'scorm', duration: 300 })) data.append(name, String(value));
  data.append('scorm_file', new Blob([new Uint8Array(bytes)], { type: 'application/zip' }), 'module.zip');
  return data;
}

describe('GET /course-chapters/{id} for the player', () => {
  it('serves the steps with their content to an enrolled student, not to others', async () => {
    const teacher = await givenTeacher(t);
    const course = await givenCourse(t, {
      teacherId: teacher.teacherId,
      chapters: [{ title: 'Lire', contentType: 'text', duration: 0, textContent: 'Bienvenue', subchapters: [{ title: 'Lire encore', contentType: 'text', duration: 0, textContent: 'Suite' }] }],
    });
    const [student, stranger] = await Promise.all([givenStudent(t), givenStudent(t)]);
    await givenEnrolled(t, student, course);
    const url = `/api/course-chapters/${course.courseId}`;

    const read = await call(t, 'GET', url, student.token);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual([
      expect.objectContaining({ title: 'Lire', text_content: 'Bienvenue', subchapters: [expect.objectContaining({ title: 'Lire encore', text_content: 'Suite' })] }),
    ]);
    expect((await call(t, 'GET', url, stranger.token)).statusCode).toBe(403);
    expect((await call(t, 'GET', url, undefined)).statusCode).toBe(401);
    // Reading is all a learner may do there.
    expect((await call(t, 'POST', `${url}/`, student.token, { title: 'Intrus', content_type: 'text', text_content: 'x' })).statusCode).toBe(403);
  });

  it('lists each SCO of a package with its launch address', async () => {
    const teacher = await givenTeacher(t);
    const course = await givenCourse(t, { teacherId: teacher.teacherId });
    const zip = await buildZip([
      { name: 'imsmanifest.xml', content: MANIFEST },
      { name: 'un.html', content: '<p>1</p>' },
      { name: 'partie 2/deux.html', content: '<p>2</p>' },
    ]);
    const added = await call(t, 'POST', `/api/course-chapters/${course.courseId}/`, teacher.token, scormUpload(zip));
    expect(added.statusCode).toBe(201);
    const id = added.json().id as number;
    const student = await givenStudent(t);
    await givenEnrolled(t, student, course);

    const [chapter] = (await call(t, 'GET', `/api/course-chapters/${course.courseId}`, student.token)).json();
    expect(chapter).toMatchObject({
      scorm_url: `/media/scorm/${id}/index.html`,
      scorm_version: '1.2',
      scorm_items: [
        { identifier: 'partie_1', title: 'Première partie', url: `/media/scorm/${id}/un.html` },
        { identifier: 'partie_2', title: 'Seconde partie', url: `/media/scorm/${id}/partie%202/deux.html?niveau=2` },
      ],
    });
  });
});
