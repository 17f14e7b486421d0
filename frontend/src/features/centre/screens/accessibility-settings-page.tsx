import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Button, Card, Col, Form, Input, InputNumber, Row, Select, Spin } from 'antd';
import { applyFieldErrors, describeApiError } from '../../../lib/api-errors';
import { statusLabel, type AccessibilityStatus } from '../../../lib/centre-face';
import { toast } from '../../../lib/feedback';
import { formatPercent } from '../../../lib/format';
import { StatusMessage } from '../../../components/status';
import { WorkPage } from '../../../components/work-page';
import { settingsMessages as m } from '../accessibility-messages';
import { useGetAdminAccessibilityStatementQuery, useUpdateAccessibilityStatementMutation } from '../centre-api';
import type { AccessibilityStatement } from '../centre-types';
import '../centre.css';

const TEXTS = [
  'audit_date', 'auditeur', 'non_conformites', 'derogations', 'hors_champ', 'technologies', 'environnement_test', 'outils_evaluation',
  'pages_verifiees', 'contact_email', 'contact_formulaire', 'schema_pluriannuel_url', 'plan_action_url',
] as const;
const NUMBERS = ['criteres_applicables', 'criteres_conformes'] as const;
const FIELDS = ['rgaa_version', ...TEXTS, ...NUMBERS] as const;
type FormValues = Record<(typeof TEXTS)[number] | 'rgaa_version', string> & Record<(typeof NUMBERS)[number], number | null>;

function valuesOf(statement: AccessibilityStatement): FormValues {
  const values = { rgaa_version: statement.rgaa_version } as FormValues;
  for (const field of TEXTS) values[field] = (statement[field] as string | null) ?? '';
  for (const field of NUMBERS) values[field] = (statement[field] as number | null) ?? null;
  return values;
}

/** /admin-accessibility: the admin edits the accessibility statement; the server computes its status (docs/adr/0049). */
export function AccessibilitySettingsPage() {
  const [form] = Form.useForm<FormValues>();
  const { data, isLoading, error } = useGetAdminAccessibilityStatementQuery();
  const [update, { isLoading: saving }] = useUpdateAccessibilityStatementMutation();

  useEffect(() => {
    if (data) form.setFieldsValue(valuesOf(data));
  }, [data, form]);

  const submit = async (values: FormValues) => {
    const body: Record<string, string | number | null> = { rgaa_version: values.rgaa_version };
    for (const field of TEXTS) body[field] = values[field] ?? '';
    for (const field of NUMBERS) body[field] = values[field] ?? null;
    // A refusal's messages from the last try go: this answer says what holds now.
    form.setFields(FIELDS.map((name) => ({ name, errors: [] })));
    try {
      await update(body).unwrap();
      toast('success', m.saved);
    } catch (caught) {
      const described = describeApiError(caught);
      const others = applyFieldErrors(form, described.fieldErrors, [...FIELDS]);
      if (others.length || !Object.keys(described.fieldErrors).length) toast('error', others[0] ?? described.message ?? m.saveFailed);
    }
  };

  if (isLoading) return <Spin />;
  if (error || !data) return <StatusMessage kind="failure" title={m.loadFailed} />;
  const status = data.statut as AccessibilityStatus;
  const long = (field: (typeof TEXTS)[number], rows = 4) => (
    <Form.Item name={field} label={m.fields[field]}>
      <Input.TextArea autoSize={{ minRows: rows, maxRows: 14 }} />
    </Form.Item>
  );
  const line = (field: (typeof TEXTS)[number], extra?: string, type = 'text') => (
    <Form.Item name={field} label={m.fields[field]} extra={extra}>
      <Input type={type} />
    </Form.Item>
  );

  return (
    <WorkPage title={m.title} className="centre-page" extra={<Link to="/accessibilite">{m.see}</Link>}>
      <p>{m.intro}</p>
      <Alert
        type={status === 'totalement_conforme' ? 'success' : status === 'partiellement_conforme' ? 'warning' : 'error'}
        showIcon
        title={m.current(statusLabel(status), data.taux === null || data.taux === undefined ? null : formatPercent(data.taux))}
        data-testid="accessibility-current-status"
        className="centre-missing"
      />
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} initialValues={valuesOf(data)} className="centre-form accessibility-form">
        <Row gutter={24}>
          <Col xs={24} lg={12}>
            <Card title={<h2>{m.audit}</h2>}>
              <Form.Item name="rgaa_version" label={m.fields.rgaa_version}>
                <Select options={['4.1.2', '4.1.1', '4.1'].map((value) => ({ value, label: `RGAA ${value}` }))} />
              </Form.Item>
              {line('audit_date', m.help.audit_date, 'date')}
              {line('auditeur')}
              <Row gutter={12}>
                <Col xs={24} sm={12}>
                  <Form.Item name="criteres_applicables" label={m.fields.criteres_applicables} extra={m.help.criteria}>
                    <InputNumber min={1} max={106} precision={0} className="centre-number" />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item name="criteres_conformes" label={m.fields.criteres_conformes}>
                    <InputNumber min={0} max={106} precision={0} className="centre-number" />
                  </Form.Item>
                </Col>
              </Row>
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card title={<h2>{m.contact}</h2>}>
              {line('contact_email', undefined, 'email')}
              {line('contact_formulaire', m.help.link)}
              {line('schema_pluriannuel_url', m.help.link)}
              {line('plan_action_url', m.help.link)}
            </Card>
          </Col>
          <Col xs={24}>
            <Card title={<h2>{m.contents}</h2>}>
              {long('non_conformites', 6)}
              {long('derogations', 3)}
              {long('hors_champ', 3)}
            </Card>
          </Col>
          <Col xs={24}>
            <Card title={<h2>{m.establishment}</h2>}>
              {line('technologies')}
              {long('environnement_test', 3)}
              {line('outils_evaluation')}
              {long('pages_verifiees', 4)}
            </Card>
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" loading={saving} className="centre-save">
          {m.save}
        </Button>
      </Form>
    </WorkPage>
  );
}
