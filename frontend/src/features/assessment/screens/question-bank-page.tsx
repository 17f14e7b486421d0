import { useState } from 'react';
import { AutoComplete, Button, Form, Input, Modal, Segmented, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { toast } from '../../../lib/feedback';
import { newKey } from '../../../lib/format';
import { useNarrowScreen } from '../../../lib/use-narrow-screen';
import {
  useAddBankQuestionMutation,
  useArchiveBankQuestionMutation,
  useGetBankCategoriesQuery,
  useGetBankQuestionsQuery,
  useUpdateBankQuestionMutation,
  type BankFilters,
} from '../assessment-api';
import type { BankQuestion, BankQuestionInput, QuestionInput, QuestionKind } from '../assessment-types';
import { BankImportDialog } from '../components/bank-import-dialog';
import { QuestionForm } from '../components/question-form';
import { Pending, QuizPage } from '../components/quiz-page';
import { IconButton } from '../components/row-actions';
import { messages as m } from '../messages';

const b = m.bank;
type BankFormValues = QuestionInput & { category: string; tags: string[] };

/** The dialog that writes or edits a bank question: the question by type, then its category and tags. */
function BankQuestionDialog({ open, question, categories, onClose }: { open: boolean; question: BankQuestion | null; categories: string[]; onClose: () => void }) {
  const [form] = Form.useForm<BankFormValues>();
  const [sending, setSending] = useState(false);
  const [add] = useAddBankQuestionMutation();
  const [update] = useUpdateBankQuestionMutation();
  // One key per dialog: « Enregistrer » clicked twice, or sent again after a lost answer, adds one question (ADR 0022).
  const [requestKey] = useState(newKey);
  const current: BankFormValues | undefined = question
    ? {
        kind: question.kind as QuestionKind, questions: question.questions, ans1: question.ans1, ans2: question.ans2, ans3: question.ans3, ans4: question.ans4,
        right_ans: question.kind === 'true-false' ? (question.right_answers[0] === 2 ? 'Faux' : 'Vrai') : question[`ans${question.right_answers[0] ?? 1}` as 'ans1'],
        right_answers: question.right_answers, explanation: question.explanation, category: question.category, tags: question.tags,
      }
    : undefined;
  const save = async (values: QuestionInput) => {
    const raw = form.getFieldsValue(['category', 'tags']) as { category?: string; tags?: string[] };
    const body: BankQuestionInput = { ...values, category: (raw.category ?? '').trim(), tags: raw.tags ?? [] };
    if (question) await update({ questionId: question.id, body }).unwrap();
    else await add({ ...body, request_key: requestKey }).unwrap();
    toast('success', question ? b.updated : b.added);
    onClose();
  };
  return (
    <Modal
      open={open}
      title={question ? b.editTitle : b.addTitle}
      okText={m.common.save}
      cancelText={m.common.cancel}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={sending}
      destroyOnHidden
      width={680}
    >
      <QuestionForm
        key={question?.id ?? 'new'}
        name={question ? `bank-question-${question.id}` : 'bank-question-new'}
        form={form as never}
        current={current}
        wrongAnswer={m.questionForm.wrongAnswerTrainer}
        failureMessage={question ? b.updateFailed : b.addFailed}
        onSave={save}
        hideButtons
        onSendingChange={setSending}
        extra={
          <div className="bank-form__filing">
            <Form.Item label={b.category} name="category" rules={[{ required: true, whitespace: true, message: b.categoryRequired }]} extra={b.categoryHint}>
              <AutoComplete options={categories.map((value) => ({ value }))} maxLength={100} filterOption={(input, option) => String(option?.value ?? '').toLowerCase().includes(input.toLowerCase())} />
            </Form.Item>
            <Form.Item label={b.tags} name="tags" extra={b.tagsHint}>
              <Select mode="tags" tokenSeparators={[',']} maxCount={10} open={false} suffixIcon={null} aria-label={b.tags} />
            </Form.Item>
          </div>
        }
      />
    </Modal>
  );
}

/** /question-bank: the trainer's own questions apart from any quiz, filtered, written, edited and archived (issue 28, ADR 0045). */
export function QuestionBankPage() {
  const [filters, setFilters] = useState<BankFilters>({});
  const [dialog, setDialog] = useState<{ question: BankQuestion | null } | null>(null);
  const [importing, setImporting] = useState(false);
  const { data, isFetching, error } = useGetBankQuestionsQuery(filters);
  const { data: categories } = useGetBankCategoriesQuery();
  const [archive] = useArchiveBankQuestionMutation();
  const [modal, holder] = Modal.useModal();
  const narrow = useNarrowScreen('sm');
  const set = (change: Partial<BankFilters>) => setFilters((previous) => ({ ...previous, ...change }));
  const tags = [...new Set((categories ?? []).flatMap((c) => c.tags))].sort();

  const confirmArchive = (question: BankQuestion) =>
    void modal.confirm({
      title: b.confirmArchive,
      content: b.archiveHint,
      okText: b.archive,
      cancelText: m.common.cancel,
      okButtonProps: { danger: true },
      onOk: async () => {
        await archive(question.id).unwrap();
        toast('success', b.archived);
      },
    });

  const actions = (question: BankQuestion) =>
    question.archived_at ? null : (
      <nav className="quiz-row-actions" aria-label={b.actionsOf(question.id)}>
        <IconButton label={`${m.common.edit} : ${question.questions}`} text={m.common.edit} icon={<EditOutlined />} onClick={() => setDialog({ question })} />
        <IconButton label={`${b.archive} : ${question.questions}`} text={b.archive} icon={<DeleteOutlined />} danger onClick={() => confirmArchive(question)} />
      </nav>
    );
  const describe = (question: BankQuestion) => (
    <div className="bank-cell">
      <span className="bank-cell__text">{question.questions}</span>
      <span className="bank-cell__meta">
        <Tag>{m.questionForm.kinds[question.kind]}</Tag>
        <Tag color="blue">{question.category}</Tag>
        {question.tags.map((tag) => (
          <Tag key={tag}>{tag}</Tag>
        ))}
      </span>
      <span className="quiz-muted">{b.revisionLine(question.revision, question.times_asked)}</span>
    </div>
  );
  const columns: TableColumnsType<BankQuestion> = narrow
    ? [{ key: 'question', title: b.question, render: (_, q) => (
          <>
            {describe(q)}
            {actions(q)}
          </>
        ) }]
    : [
        { key: 'question', title: b.question, render: (_, q) => describe(q) },
        { key: 'actions', title: m.common.actions, width: 120, render: (_, q) => actions(q) },
      ];

  return (
    <QuizPage
      title={b.title}
      actions={
        <Space wrap>
          <Button icon={<UploadOutlined aria-hidden />} onClick={() => setImporting(true)}>
            {m.bankImport.open}
          </Button>
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setDialog({ question: null })}>
            {b.add}
          </Button>
        </Space>
      }
    >
      {holder}
      <p className="quiz-muted">{b.intro}</p>
      <form className="bank-filters" role="search" aria-label={b.filters} onSubmit={(event) => event.preventDefault()}>
        <Select
          allowClear
          placeholder={b.allCategories}
          aria-label={b.category}
          value={filters.category}
          onChange={(category?: string) => set({ category })}
          options={(categories ?? []).map((c) => ({ value: c.category, label: m.quizForm.categoryOption(c.category, c.questions) }))}
          className="bank-filters__field"
        />
        <Select allowClear placeholder={b.allTags} aria-label={b.tag} value={filters.tag} onChange={(tag?: string) => set({ tag })} options={tags.map((value) => ({ value, label: value }))} className="bank-filters__field" />
        <Select
          allowClear
          placeholder={b.allKinds}
          aria-label={m.questionForm.kind}
          value={filters.kind}
          onChange={(kind?: string) => set({ kind })}
          options={(['single', 'multiple', 'true-false'] as const).map((value) => ({ value, label: m.questionForm.kinds[value] }))}
          className="bank-filters__field"
        />
        <Input.Search allowClear placeholder={b.searchShort} aria-label={b.search} onSearch={(search) => set({ search: search.trim() || undefined })} className="bank-filters__field" />
        <Segmented<'live' | 'archived'>
          aria-label={b.state}
          value={filters.archived ? 'archived' : 'live'}
          onChange={(value) => set({ archived: value === 'archived' || undefined })}
          options={[
            { value: 'live', label: b.live },
            { value: 'archived', label: b.archivedList },
          ]}
        />
      </form>
      <Pending loading={isFetching && !data} error={error} />
      {data ? (
        <Table<BankQuestion>
          rowKey="id"
          columns={columns}
          dataSource={data}
          pagination={data.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
          size="middle"
          locale={{ emptyText: <span className="quiz-muted">{b.empty}</span> }}
        />
      ) : null}
      {importing ? <BankImportDialog open onClose={() => setImporting(false)} /> : null}
      {dialog ? <BankQuestionDialog open question={dialog.question} categories={(categories ?? []).map((c) => c.category)} onClose={() => setDialog(null)} /> : null}
    </QuizPage>
  );
}
