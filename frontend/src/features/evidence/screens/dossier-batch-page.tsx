import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Alert, Button, Form, Input, Progress, Radio, Space, Typography } from 'antd';
import { DownloadOutlined, FileZipOutlined } from '@ant-design/icons';
import { describeApiError } from '../../../lib/api-errors';
import { toast } from '../../../lib/feedback';
import { LoadState, WorkPage } from '../../../components/work-page';
import { SessionSelect } from '../../../components/session-select/session-select';
import { downloadDossier } from '../components/dossier-download';
import { useGetDossierBatchQuery, useRequestDossierBatchMutation } from '../dossier-api';
import { dossierMessages } from '../dossier-messages';
import '../evidence.css';

const m = dossierMessages.batch;

type Choice = 'tous' | 'inscription' | 'activite';

const positive = (value: string | undefined) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** The session select as a form control (antd's Form.Item gives value and onChange). */
function SessionFormSelect({ course, value, onChange }: { course: number; value?: number; onChange?: (session: number | undefined) => void }) {
  return <SessionSelect id="dossier-batch-session" course={course} value={value} onChange={(next) => onChange?.(next)} label={m.session} placeholder={m.allSessions} testId="dossier-batch-session" />;
}

/**
 * « Dossiers de preuves » of a course for admins (/admin-course-detail/{course}/dossiers, docs/adr/0036):
 * every learner or a period, optionally of one session, a progress bar following the job, « Télécharger » when the ZIP is ready.
 */
export function DossierBatchPage() {
  const course = positive(useParams().courseId);
  const [form] = Form.useForm<{ choice: Choice; du?: string; au?: string; session?: number }>();
  const [request, { isLoading: asking }] = useRequestDossierBatchMutation();
  const [job, setJob] = useState<{ id: string; learners: number } | null>(null);
  const [downloading, setDownloading] = useState(false);
  const { data: batch } = useGetDossierBatchQuery(job?.id ?? '', {
    skip: !job,
    // Polled until the job ends.
    pollingInterval: 1000,
    skipPollingIfUnfocused: false,
  });
  const finished = batch && (batch.state === 'completed' || batch.state === 'failed' || batch.state === 'cancelled') && (batch.state !== 'completed' || batch.dossier);
  const choice = Form.useWatch('choice', form) ?? 'tous';

  const submit = async (values: { choice: Choice; du?: string; au?: string; session?: number }) => {
    if (course === null) return;
    try {
      const period = values.choice === 'tous' ? {} : { periode: values.choice, du: values.du, au: values.au };
      const body = values.session ? { ...period, session: values.session } : period;
      const answer = await request({ course, body }).unwrap();
      setJob({ id: answer.job_id, learners: answer.learners });
    } catch (error) {
      toast('error', describeApiError(error).message ?? dossierMessages.failed);
    }
  };

  const download = async () => {
    if (!batch?.dossier) return;
    setDownloading(true);
    try {
      await downloadDossier(batch.dossier.download_link_url);
      toast('success', dossierMessages.downloadStarted);
    } catch (error) {
      toast('error', error instanceof Error ? error.message : dossierMessages.failed);
    } finally {
      setDownloading(false);
    }
  };

  const progress = batch?.progress;
  const percent = progress && progress.total > 0 ? Math.floor((progress.done / progress.total) * 100) : 0;
  return (
    <WorkPage title={m.pageTitle} back={{ to: `/admin-course-detail/${course ?? ''}`, label: m.back }} testId="dossier-batch-page">
      <LoadState loading={false} failed={false} notFound={course === null} failure="" />
      {course !== null ? (
        <Space direction="vertical" size="large" className="dossier-batch">
          <Typography.Paragraph>{m.intro}</Typography.Paragraph>
          <Form form={form} layout="vertical" initialValues={{ choice: 'tous' }} onFinish={submit} disabled={Boolean(job && !finished)}>
            <Form.Item name="choice" label={m.who}>
              <Radio.Group>
                <Space direction="vertical">
                  <Radio value="tous">{m.all}</Radio>
                  <Radio value="inscription">{m.enrolled}</Radio>
                  <Radio value="activite">{m.active}</Radio>
                </Space>
              </Radio.Group>
            </Form.Item>
            {choice !== 'tous' ? (
              <Space wrap>
                <Form.Item name="du" label="Du" rules={[{ required: true, message: m.periodRequired }]}>
                  <Input type="date" />
                </Form.Item>
                <Form.Item name="au" label="Au" rules={[{ required: true, message: m.periodRequired }]}>
                  <Input type="date" />
                </Form.Item>
              </Space>
            ) : null}
            <Form.Item name="session" label={m.session} extra={m.sessionHint} htmlFor="dossier-batch-session">
              <SessionFormSelect course={course} />
            </Form.Item>
            <Button type="primary" htmlType="submit" icon={<FileZipOutlined />} loading={asking} data-testid="dossier-batch-start">
              {m.start}
            </Button>
          </Form>
          {job ? (
            <div aria-live="polite" data-testid="dossier-batch-progress">
              <Typography.Text strong>{m.learners(job.learners)}</Typography.Text>
              <Progress percent={batch?.state === 'completed' ? 100 : percent} status={batch?.state === 'failed' ? 'exception' : batch?.state === 'completed' ? 'success' : 'active'} aria-label={m.progress} />
              <Typography.Text type="secondary">{progress ? m.progressText(progress.done, progress.total) : m.waiting}</Typography.Text>
              {batch?.state === 'failed' ? <Alert type="error" showIcon message={m.failed} /> : null}
              {batch?.dossier ? (
                <Space direction="vertical" className="dossier-batch__ready">
                  <Alert type="success" showIcon message={m.ready} description={`${m.size(batch.dossier.size_bytes)} — ${m.sha} ${batch.dossier.zip_sha256}`} />
                  {batch.skipped.length > 0 ? (
                    <Alert
                      type="warning"
                      showIcon
                      data-testid="dossier-batch-skipped"
                      message={m.skippedTitle(batch.skipped.length)}
                      description={
                        <ul className="dossier-batch__skipped">
                          {batch.skipped.map((s) => (
                            <li key={s.student_id}>{m.skippedItem(s.student_id, s.reason)}</li>
                          ))}
                        </ul>
                      }
                    />
                  ) : null}
                  <Button type="primary" icon={<DownloadOutlined />} loading={downloading} onClick={download} data-testid="dossier-batch-download">
                    {m.download}
                  </Button>
                </Space>
              ) : null}
            </div>
          ) : null}
        </Space>
      ) : null}
    </WorkPage>
  );
}
