import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Alert, Button, Form, Input, Modal, Table, Tooltip, type TableColumnsType, type UploadFile } from 'antd';
import { DeleteOutlined, DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { applyFieldErrors, describeApiError } from '../../../lib/api-errors';
import { confirmRemoval } from '../../../components/confirm';
import { toast } from '../../../lib/feedback';
import { useMediaSession } from '../../../lib/media-session';
import { studyMaterialTag, useDeleteStudyMaterialMutation, useGetStudyMaterialsQuery } from '../authoring-api';
import type { StudyMaterial } from '../authoring-types';
import { AuthoringPage, EmptyText, LoadState } from '../components/authoring-page';
import { FileField, pickedFile } from '../components/file-field';
import { UploadProgress } from '../components/upload-progress';
import { messages as m } from '../messages';
import { useMultipartSave } from '../use-multipart-save';

function DownloadLink({ material, ready }: { material: StudyMaterial; ready: boolean }) {
  const name = material.file_name || material.title;
  // The file is behind the media cookie: the link waits for the media session.
  return ready ? (
    <a href={material.upload} target="_blank" rel="noreferrer" className="row-actions__link" aria-label={m.study.downloadFile(name)}>
      <DownloadOutlined aria-hidden /> <span className="row-actions__text-always">{m.study.download}</span>
    </a>
  ) : (
    <span className="row-actions__link is-disabled" aria-disabled="true">
      <DownloadOutlined aria-hidden /> {m.study.download}
    </span>
  );
}

function materialColumns(ready: boolean, onDelete?: (material: StudyMaterial) => void): TableColumnsType<StudyMaterial> {
  return [
    { key: 'title', title: m.study.docTitle, render: (_, material) => <strong>{material.title}</strong> },
    { key: 'description', title: m.study.description, responsive: ['md'], render: (_, material) => material.description || '—' },
    { key: 'file', title: m.study.file, render: (_, material) => <DownloadLink material={material} ready={ready} /> },
    { key: 'remarks', title: m.study.remarks, responsive: ['lg'], render: (_, material) => material.remarks || '—' },
    ...(onDelete
      ? [
          {
            key: 'actions',
            title: m.common.actions,
            render: (_: unknown, material: StudyMaterial) => (
              <Tooltip title={m.common.delete}>
                <Button type="text" danger icon={<DeleteOutlined />} aria-label={`${m.common.delete} ${material.title}`} onClick={() => onDelete(material)} />
              </Tooltip>
            ),
          },
        ]
      : []),
  ];
}

function MaterialList({ courseId, onDelete }: { courseId: number; onDelete?: (material: StudyMaterial) => void }) {
  const { data, isLoading, isError } = useGetStudyMaterialsQuery(courseId, { skip: !courseId });
  const media = useMediaSession();
  return (
    <>
      <LoadState loading={isLoading} failed={isError} failure={m.study.loadFailed} />
      {data ? (
        <Table<StudyMaterial>
          rowKey="id"
          columns={materialColumns(media.ready, onDelete)}
          dataSource={data}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <EmptyText text={m.study.empty} /> }}
        />
      ) : null}
    </>
  );
}

/** /study-material/{course_id}: the trainer's documents of a course, downloaded in a new tab, deleted after confirmation. */
export function TrainerStudyMaterialPage() {
  const courseId = Number(useParams().courseId);
  const [modal, holder] = Modal.useModal();
  const [remove] = useDeleteStudyMaterialMutation();
  const onDelete = (material: StudyMaterial) =>
    confirmRemoval(modal, {
      title: m.study.confirmDelete,
      content: `${material.title} — ${m.removal.irreversible}`,
      yes: m.removal.confirm,
      cancel: m.removal.cancel,
      remove: () => remove({ materialId: material.id, courseId }).unwrap(),
      done: () => m.study.deleted,
      failed: () => m.study.deleteFailed,
    });
  return (
    <AuthoringPage
      title={m.study.title}
      back={{ to: '/teacher-my-course', label: m.chapters.backToCourses }}
      extra={
        <Link to={`/add-study/${courseId}`} className="button-link">
          <PlusOutlined aria-hidden /> {m.study.add}
        </Link>
      }
    >
      {holder}
      <MaterialList courseId={courseId} onDelete={(material) => void onDelete(material)} />
    </AuthoringPage>
  );
}

/** /user/study-material/{course_id}: the documents of a course the student is enrolled in. */
export function StudentStudyMaterialPage() {
  const courseId = Number(useParams().courseId);
  return (
    <AuthoringPage title={m.study.title}>
      <MaterialList courseId={courseId} />
    </AuthoringPage>
  );
}

interface StudyValues {
  title: string;
  description?: string;
  remarks?: string;
  upload?: UploadFile[];
}

const STUDY_FIELDS = ['title', 'description', 'remarks', 'upload'] as const;

/** /add-study/{course_id}: POST /study-material/{course_id} (multipart, the file required). */
export function AddStudyPage() {
  const courseId = Number(useParams().courseId);
  const navigate = useNavigate();
  const [form] = Form.useForm<StudyValues>();
  const { save, percent, sending } = useMultipartSave();
  const [failure, setFailure] = useState<string | null>(null);
  const back = `/study-material/${courseId}`;

  const onFinish = async (values: StudyValues) => {
    setFailure(null);
    const file = pickedFile(values.upload);
    if (!file) {
      form.setFields([{ name: 'upload', errors: [m.study.fileRequired] }]);
      return;
    }
    const body = new FormData();
    body.append('course', String(courseId));
    body.append('title', values.title.trim());
    body.append('description', values.description?.trim() ?? '');
    body.append('remarks', values.remarks?.trim() ?? '');
    body.append('upload', file);
    try {
      await save({ method: 'POST', url: `study-material/${courseId}`, body, invalidates: [studyMaterialTag(courseId)] });
      toast('success', m.study.added, 2);
      navigate(back);
    } catch (error) {
      const described = describeApiError(error);
      const others = applyFieldErrors(form, described.fieldErrors, STUDY_FIELDS);
      setFailure([described.message ?? m.study.addFailed, ...others].join(' '));
    }
  };

  return (
    <AuthoringPage title={m.study.add} back={{ to: back, label: m.study.title }}>
      <Form form={form} name="add-study" layout="vertical" onFinish={onFinish} disabled={sending} className="narrow-form">
        <Form.Item label={m.study.docTitle} name="title" rules={[{ required: true, whitespace: true, message: m.study.titleRequired }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item label={m.study.description} name="description">
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
        <FileField name="upload" label={m.study.file} button={m.study.chooseFile} rules={[{ required: true, message: m.study.fileRequired }]} />
        <Form.Item label={m.study.remarks} name="remarks">
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
        <UploadProgress percent={percent} />
        {failure ? <Alert type="error" showIcon title={failure} className="form-feedback" /> : null}
        <Button type="primary" htmlType="submit" loading={sending}>
          {m.common.save}
        </Button>
      </Form>
    </AuthoringPage>
  );
}
