import { useState } from 'react';
import { Alert, Button, Checkbox, Form, Input, Radio, Switch } from 'antd';
import { applyFieldErrors, describeApiError } from '../../../lib/api-errors';
import { toast } from '../../../lib/feedback';
import { useSaveCourseProgrammeMutation } from '../authoring-api';
import type { CourseView } from '../authoring-types';
import { messages } from '../messages';
import { CERTIFICATION_CODE, eurosToCents, programmeBody, programmeInitialValues, type ProgrammeValues } from './programme-values';

const m = messages.programme;
const FIELDS = [
  'target_public', 'prerequisites', 'access_delays', 'modality', 'teaching_methods', 'evaluation_methods', 'accessibility', 'referent_name',
  'referent_email', 'referent_phone', 'contacts', 'price_mode', 'price', 'certifying', 'certification_code', 'certifier', 'equivalences', 'outcomes', 'cpf_eligible',
] as const;
const SERVER_FIELDS: Record<string, string> = { price_cents: 'price', on_quote: 'price_mode' };
const LONG = { autoSize: { minRows: 2, maxRows: 8 }, maxLength: 5000 } as const;

const DAY = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/**
 * « Fiche programme » (issue 29 item 1, docs/adr/0047): what Qualiopi asks a centre to publish about
 * each training, entered by the course's trainer or an admin. What publishing still needs is listed
 * above the form; the date of last update is the server's.
 */
export function ProgrammeForm({ course }: { course: CourseView }) {
  const [form] = Form.useForm<ProgrammeValues>();
  const [save, { isLoading }] = useSaveCourseProgrammeMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const certifying = Form.useWatch('certifying', form);
  const priceMode = Form.useWatch('price_mode', form);

  const onFinish = async (values: ProgrammeValues) => {
    setFailure(null);
    try {
      await save({ courseId: course.id, body: programmeBody(values) }).unwrap();
      toast('success', m.saved, 2);
    } catch (error) {
      const described = describeApiError(error);
      const fieldErrors = Object.fromEntries(Object.entries(described.fieldErrors).map(([field, errors]) => [SERVER_FIELDS[field] ?? field, errors]));
      const others = applyFieldErrors(form, fieldErrors, FIELDS);
      setFailure([described.message ?? m.failed, ...others].join(' '));
    }
  };

  const missing = course.programme_missing ?? [];
  return (
    <section className="programme-form" aria-labelledby="programme-form-title" data-testid="programme-form">
      <h2 id="programme-form-title">{m.title}</h2>
      <p className="programme-form__intro">{m.intro}</p>
      {course.programme.updated_at ? <p className="programme-form__updated">{m.updated(DAY.format(new Date(course.programme.updated_at)))}</p> : null}
      {missing.length ? (
        <Alert
          type="warning"
          showIcon
          className="programme-form__missing"
          title={m.missingTitle}
          description={missing.map((item) => item.label).join(', ')}
          data-testid="programme-missing"
        />
      ) : (
        <Alert type="success" showIcon className="programme-form__missing" title={m.complete} />
      )}
      <Form form={form} name="programme" layout="vertical" initialValues={programmeInitialValues(course)} onFinish={onFinish} disabled={isLoading}>
        <Form.Item label={m.targetPublic} name="target_public" extra={m.targetPublicHint}>
          <Input.TextArea {...LONG} />
        </Form.Item>
        <Form.Item label={m.prerequisites} name="prerequisites" extra={m.prerequisitesHint}>
          <Input.TextArea {...LONG} />
        </Form.Item>
        <Form.Item label={m.accessDelays} name="access_delays" extra={m.accessDelaysHint}>
          <Input.TextArea {...LONG} />
        </Form.Item>
        <Form.Item label={m.modality} name="modality">
          <Radio.Group options={[{ value: 'distance', label: m.distance }, { value: 'mixte', label: m.mixte }, { value: 'presentiel', label: m.presentiel }]} />
        </Form.Item>
        <Form.Item label={m.teachingMethods} name="teaching_methods">
          <Input.TextArea {...LONG} />
        </Form.Item>
        <Form.Item label={m.evaluationMethods} name="evaluation_methods">
          <Input.TextArea {...LONG} />
        </Form.Item>
        <Form.Item label={m.accessibility} name="accessibility" extra={m.accessibilityHint}>
          <Input.TextArea {...LONG} />
        </Form.Item>
        <fieldset className="programme-form__group">
          <legend>{m.referent}</legend>
          <div className="programme-form__row">
            <Form.Item label={m.referentName} name="referent_name">
              <Input maxLength={200} autoComplete="off" />
            </Form.Item>
            <Form.Item label={m.referentEmail} name="referent_email" rules={[{ type: 'email', message: m.referentEmailInvalid }]}>
              <Input maxLength={200} type="email" autoComplete="off" />
            </Form.Item>
            <Form.Item label={m.referentPhone} name="referent_phone">
              <Input maxLength={30} type="tel" autoComplete="off" />
            </Form.Item>
          </div>
        </fieldset>
        <Form.Item label={m.contacts} name="contacts" extra={m.contactsHint}>
          <Input.TextArea {...LONG} />
        </Form.Item>
        <fieldset className="programme-form__group">
          <legend>{m.price}</legend>
          <Form.Item name="price_mode" label={m.priceMode}>
            <Radio.Group options={[{ value: 'price', label: m.priceFixed }, { value: 'quote', label: m.onQuote }]} />
          </Form.Item>
          {priceMode === 'price' ? (
            <Form.Item
              label={m.priceEuros}
              name="price"
              rules={[
                { required: true, whitespace: true, message: m.priceRequired },
                {
                  validator: async (_rule, value: string | undefined) => {
                    if (Number.isNaN(eurosToCents(value))) throw new Error(m.priceInvalid);
                  },
                },
              ]}
            >
              <Input inputMode="decimal" suffix="€ TTC" className="programme-form__price" />
            </Form.Item>
          ) : null}
        </fieldset>
        <fieldset className="programme-form__group">
          <legend>{m.certification}</legend>
          <Form.Item name="certifying" valuePropName="checked" label={m.certifying} extra={m.certifyingHint}>
            <Switch />
          </Form.Item>
          {certifying ? (
            <>
              <div className="programme-form__row">
                <Form.Item label={m.certificationCode} name="certification_code" extra={m.certificationCodeHint} rules={[{ pattern: CERTIFICATION_CODE, message: m.certificationCodeInvalid }]}>
                  <Input maxLength={20} />
                </Form.Item>
                <Form.Item label={m.certifier} name="certifier">
                  <Input maxLength={200} />
                </Form.Item>
              </div>
              <Form.Item label={m.equivalences} name="equivalences">
                <Input.TextArea {...LONG} />
              </Form.Item>
              <Form.Item label={m.outcomes} name="outcomes">
                <Input.TextArea {...LONG} />
              </Form.Item>
              <Form.Item name="cpf_eligible" valuePropName="checked" extra={m.cpfHint}>
                <Checkbox>{m.cpf}</Checkbox>
              </Form.Item>
            </>
          ) : (
            <p className="programme-form__hint">{m.cpfOnlyCertifying}</p>
          )}
        </fieldset>
        {failure ? <Alert type="error" showIcon title={failure} className="form-feedback" /> : null}
        <Button type="primary" htmlType="submit" loading={isLoading}>
          {m.save}
        </Button>
      </Form>
    </section>
  );
}
