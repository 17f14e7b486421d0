import { Button, Modal, Space, Tag, Tooltip } from 'antd';
import { CloudUploadOutlined, EditOutlined } from '@ant-design/icons';
import { describeApiError } from '../../../lib/api-errors';
import { errorDialog, toast } from '../../../lib/feedback';
import { useSetCoursePublicationMutation } from '../authoring-api';
import { messages as m } from '../messages';

type Status = 'draft' | 'published';

/** « Brouillon » or « Publié » (ADR 0030). */
export function PublicationTag({ status }: { status: Status | undefined }) {
  // A darker green than antd's preset: 4.5:1 on its light background (axe, WCAG AA).
  if (status === 'published') return <Tag className="publication-tag publication-tag--published">{m.publication.published}</Tag>;
  return (
    <Tooltip title={m.publication.draftHint}>
      <Tag className="publication-tag">{m.publication.draft}</Tag>
    </Tooltip>
  );
}

/**
 * The status and its one action: « Publier » on a draft (the server says what is missing when it
 * refuses), « Repasser en brouillon » on a published course, after a confirmation.
 */
export function PublicationControl({ course }: { course: { id: number; title: string; status?: Status } }) {
  const [setPublication, { isLoading }] = useSetCoursePublicationMutation();
  const [modal, holder] = Modal.useModal();
  const published = course.status === 'published';

  const run = async (publish: boolean) => {
    try {
      const result = await setPublication({ courseId: course.id, publish }).unwrap();
      toast('success', result.message || (publish ? m.publication.published_ : m.publication.unpublished), 3);
    } catch (error) {
      const { message } = describeApiError(error);
      errorDialog(publish ? m.publication.failedTitle : m.publication.unpublishFailedTitle, message ?? m.publication.failed);
    }
  };

  const onClick = () => {
    if (!published) return void run(true);
    void modal.confirm({
      title: m.publication.confirmUnpublishTitle,
      content: m.publication.confirmUnpublish,
      okText: m.publication.confirm,
      cancelText: m.publication.cancel,
      onOk: () => run(false),
    });
  };

  return (
    <Space size={4} wrap className="publication-control">
      {holder}
      <PublicationTag status={course.status} />
      <Button
        size="small"
        type={published ? 'default' : 'primary'}
        icon={published ? <EditOutlined aria-hidden /> : <CloudUploadOutlined aria-hidden />}
        loading={isLoading}
        onClick={onClick}
        aria-label={published ? m.publication.unpublishOf(course.title) : m.publication.publishOf(course.title)}
      >
        {published ? m.publication.unpublish : m.publication.publish}
      </Button>
    </Space>
  );
}
