import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Modal, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { LoadState, WorkPage } from '../../../components/work-page';
import { describeApiError } from '../../../lib/api-errors';
import { toast } from '../../../lib/feedback';
import { newKey } from '../../../lib/format';
import { QuestionnaireEditor } from '../components/questionnaire-editor';
import { kinds, messages } from '../messages';
import { useCreateQuestionnaireMutation, useGetQuestionnairesQuery, useGetSurveyCoursesQuery, useUpdateQuestionnaireMutation } from '../satisfaction-api';
import type { Questionnaire, QuestionnaireBody } from '../satisfaction-types';
import '../satisfaction.css';

const m = messages.admin;

/** « Questionnaires de satisfaction » (docs/adr/0054): the admin's questionnaires, their editor, the way to their results. */
export function QuestionnairesAdminPage() {
  const list = useGetQuestionnairesQuery();
  const courses = useGetSurveyCoursesQuery();
  const [create, creating] = useCreateQuestionnaireMutation();
  const [update, updating] = useUpdateQuestionnaireMutation();
  const [editing, setEditing] = useState<Questionnaire | 'new' | null>(null);
  const key = useRef(newKey());
  const courseOptions = (courses.data ?? []).map((c) => ({ value: c.id, label: c.title ?? `Formation ${c.id}` }));

  const save = async (body: QuestionnaireBody) => {
    try {
      if (editing === 'new') await create({ ...body, request_key: key.current }).unwrap();
      else if (editing) {
        const saved = await update({ id: editing.id, ...body }).unwrap();
        if (saved.current_version > editing.current_version) toast('info', m.newVersion);
      }
      key.current = newKey();
      setEditing(null);
      toast('success', m.saved);
    } catch (error) {
      toast('error', describeApiError(error).message ?? messages.failed);
    }
  };

  return (
    <WorkPage
      title={m.title}
      testId="questionnaires-admin"
      extra={
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')}>
          {m.create}
        </Button>
      }
    >
      <p>{m.intro}</p>
      <LoadState loading={list.isLoading} failed={list.isError} />
      {list.data ? (
        <div className="survey-table-wrap" tabIndex={0} role="group" aria-label={m.title}>
          <Table<Questionnaire>
            rowKey="id"
            dataSource={list.data}
            pagination={false}
            locale={{ emptyText: m.none }}
            columns={[
              { title: m.columns.title, dataIndex: 'title', render: (title: string, q) => <Link to={`/admin-questionnaires/${q.id}`}>{title}</Link> },
              { title: m.columns.kind, dataIndex: 'kind', render: (k: Questionnaire['kind']) => kinds[k] },
              { title: m.columns.course, dataIndex: 'course_title', render: (t: string | null) => t ?? m.allCourses },
              { title: m.columns.version, dataIndex: 'current_version' },
              { title: m.columns.sent, dataIndex: 'sent' },
              { title: m.columns.answers, dataIndex: 'answers' },
              { title: m.columns.state, dataIndex: 'active', render: (active: boolean) => <Tag>{active ? m.active : m.paused}</Tag> },
              {
                title: '',
                key: 'actions',
                render: (_, q) => (
                  <Button onClick={() => setEditing(q)} aria-label={`${m.edit} : ${q.title}`}>
                    {m.edit}
                  </Button>
                ),
              },
            ]}
          />
        </div>
      ) : null}
      <Modal
        open={editing !== null}
        title={editing === 'new' ? messages.editor.createTitle : messages.editor.editTitle}
        footer={null}
        width={760}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        {editing !== null ? (
          <QuestionnaireEditor
            initial={editing === 'new' ? undefined : editing}
            courses={courseOptions}
            onSubmit={save}
            onCancel={() => setEditing(null)}
            saving={creating.isLoading || updating.isLoading}
          />
        ) : null}
      </Modal>
    </WorkPage>
  );
}
