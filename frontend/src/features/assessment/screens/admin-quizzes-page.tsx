import { useState } from 'react';
import { Button, Form, Input, Modal, Table, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { toast } from '../../../lib/feedback';
import { usePagedSearch } from '../../../lib/use-paged-search';
import { useCreateQuizMutation, useGetQuizTrainersQuery, useGetQuizzesQuery, useUpdateQuizMutation } from '../assessment-api';
import type { Quiz } from '../assessment-types';
import { QuizForm, quizBody, servingOf, type QuizValues } from '../components/quiz-form';
import { Pending, QuizPage } from '../components/quiz-page';
import { quizTitleColumn } from '../components/quiz-title-column';
import { useQuizRemoval } from '../components/removals';
import { IconButton } from '../components/row-actions';
import { useNarrowScreen } from '../../../lib/use-narrow-screen';
import { messages as m } from '../messages';

/** Create (no quiz chosen) or edit (a quiz chosen) in a dialog that closes only on success (03 §2). */
function QuizDialog({ quiz, onClose }: { quiz: Quiz | null | undefined; onClose: () => void }) {
  const [form] = Form.useForm<QuizValues>();
  const [sending, setSending] = useState(false);
  const open = quiz !== undefined;
  const { data: trainers } = useGetQuizTrainersQuery(undefined, { skip: !open });
  const [create] = useCreateQuizMutation();
  const [update] = useUpdateQuizMutation();
  return (
    <Modal
      open={open}
      title={quiz ? m.quizForm.editTitle : m.quizForm.addTitle}
      okText={m.common.save}
      cancelText={m.common.cancel}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={sending}
      destroyOnHidden
      width={560}
    >
      {open ? (
        <QuizForm
          key={quiz?.id ?? 'new'}
          name={quiz ? `admin-edit-quiz-${quiz.id}` : 'admin-add-quiz'}
          form={form}
          hideButtons
          current={
            quiz
              ? { title: quiz.title, detail: quiz.detail, teacher: quiz.teacher, pass_mark: quiz.pass_mark, max_attempts: quiz.max_attempts, time_limit: quiz.time_limit, ...servingOf(quiz) }
              : undefined
          }
          trainers={trainers ?? []}
          failureMessage={quiz ? m.admin.editFailed : m.admin.createFailed}
          onSendingChange={setSending}
          onSave={async (values) => {
            const body = quizBody(values, undefined);
            if (quiz) await update({ quizId: quiz.id, body }).unwrap();
            else await create(body).unwrap();
            toast('success', quiz ? m.quizForm.updated : m.quizForm.created, 2);
            onClose();
          }}
        />
      ) : null}
    </Modal>
  );
}

/** /admin-quizzes: every quiz, searched by title, created and edited in a dialog, deleted after a confirmation (03 §2). */
export function AdminQuizzesPage() {
  const { typed, setTyped, searchNow, search } = usePagedSearch();
  const [editing, setEditing] = useState<Quiz | null | undefined>(undefined);
  const [modal, holder] = Modal.useModal();
  const removeQuiz = useQuizRemoval(modal);
  const { data, isLoading, isFetching, error } = useGetQuizzesQuery({ search });
  const narrow = useNarrowScreen('sm');

  const columns: TableColumnsType<Quiz> = [
    quizTitleColumn((quiz) => `/admin-quiz-detail/${quiz.id}`),
    { key: 'trainer', title: m.admin.trainer, responsive: ['md'], render: (_, quiz) => quiz.teacher_name ?? <span className="quiz-muted">{m.admin.unassigned}</span> },
    { key: 'questions', title: m.quizList.questions, width: 110, align: 'center', responsive: ['sm'], render: (_, quiz) => quiz.total_questions },
    {
      key: 'actions',
      title: m.common.actions,
      width: 104,
      // Kept in view at the right edge while the table scrolls sideways; a phone has no scroll, the title wraps.
      fixed: narrow ? undefined : 'right',
      render: (_, quiz) => (
        <div className="quiz-row-actions">
          <IconButton label={`${m.common.edit} : ${quiz.title}`} text={m.common.edit} icon={<EditOutlined />} onClick={() => setEditing(quiz)} />
          <IconButton label={`${m.common.delete} : ${quiz.title}`} text={m.common.delete} icon={<DeleteOutlined />} danger onClick={() => void removeQuiz(quiz)} />
        </div>
      ),
    },
  ];

  return (
    <QuizPage
      title={m.admin.title}
      actions={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
          {m.admin.newQuiz}
        </Button>
      }
    >
      {holder}
      <Input.Search
        className="quiz-search"
        aria-label={m.admin.search}
        placeholder={m.admin.searchPlaceholder}
        allowClear
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        onSearch={searchNow}
      />
      <Pending loading={isLoading} error={error} failure={m.admin.loadFailed} />
      {data ? (
        <>
          <p className="quiz-muted">{m.admin.total(data.length)}</p>
          <Table<Quiz>
            rowKey="id"
            columns={columns}
            dataSource={data}
            loading={isFetching && !isLoading}
            pagination={false}
            scroll={narrow ? undefined : { x: 560 }}
            locale={{ emptyText: <span className="quiz-muted">{m.admin.empty}</span> }}
          />
        </>
      ) : null}
      <QuizDialog quiz={editing} onClose={() => setEditing(undefined)} />
    </QuizPage>
  );
}
