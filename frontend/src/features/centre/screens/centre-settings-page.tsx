import { useEffect, useState } from 'react';
import { Alert, Button, Card, Col, Form, Input, Radio, Row, Spin, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { applyFieldErrors, describeApiError } from '../../../lib/api-errors';
import { fetchWithSession } from '../../../lib/download';
import { toast } from '../../../lib/feedback';
import { StatusMessage } from '../../../components/status';
import { WorkPage } from '../../../components/work-page';
import { messages as m } from '../messages';
import { useGetCentreIdentityQuery, useRemoveCentreImageMutation, useSetCentreImageMutation, useUpdateCentreIdentityMutation } from '../centre-api';
import type { CentreIdentity, CentreImageKind, CentreMissing } from '../centre-types';
import '../centre.css';

interface FormValues {
  nom: string;
  siret: string;
  nda: string;
  rue: string;
  code_postal: string;
  ville: string;
  signataire_nom: string;
  qualite_choice: 'legal' | 'delegate';
  qualite_delegue: string;
  lieu: string;
  base_heures: HoursBasis;
}

type HoursBasis = 'temps_actif_mesure' | 'durees_declarees';

const TEXT_FIELDS = ['nom', 'siret', 'nda', 'rue', 'code_postal', 'ville', 'signataire_nom', 'lieu'] as const;

function valuesOf(identity: CentreIdentity): FormValues {
  const qualite = identity.signataire.qualite ?? null;
  const legal = qualite === null || qualite === m.legalRepresentative;
  return {
    nom: identity.nom ?? '',
    siret: identity.siret ?? '',
    nda: identity.nda ?? '',
    rue: identity.adresse.rue ?? '',
    code_postal: identity.adresse.code_postal ?? '',
    ville: identity.adresse.ville ?? '',
    signataire_nom: identity.signataire.nom ?? '',
    qualite_choice: legal ? 'legal' : 'delegate',
    qualite_delegue: legal ? '' : (qualite ?? ''),
    lieu: identity.lieu ?? '',
    base_heures: identity.base_heures ?? 'temps_actif_mesure',
  };
}

/** The stored image, fetched with the admin's token (it is not public) and shown from a blob URL. */
function useImage(kind: CentreImageKind, sha256: string | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!sha256) {
      setUrl(null);
      return;
    }
    let objectUrl: string | null = null;
    let cancelled = false;
    void fetchWithSession(`admin/centre/images/${kind}/`)
      .then(async (response) => (response.ok ? response.blob() : null))
      .then((blob) => {
        if (cancelled || !blob) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [kind, sha256]);
  return url;
}

function ImageBlock({ kind, identity }: { kind: CentreImageKind; identity: CentreIdentity }) {
  const label = kind === 'logo' ? m.logo : m.signature;
  const current = identity[kind] ?? null;
  const preview = useImage(kind, current?.sha256 ?? null);
  const [setImage, { isLoading: sending }] = useSetCentreImageMutation();
  const [removeImage, { isLoading: removing }] = useRemoveCentreImageMutation();

  const upload = async (file: File) => {
    try {
      await setImage({ kind, file }).unwrap();
      toast('success', m.imageSaved);
    } catch (caught) {
      toast('error', describeApiError(caught).message ?? m.imageFailed);
    }
  };
  const remove = async () => {
    try {
      await removeImage(kind).unwrap();
      toast('success', m.imageRemoved);
    } catch (caught) {
      toast('error', describeApiError(caught).message ?? m.imageFailed);
    }
  };

  return (
    <div className="centre-image" data-testid={`centre-image-${kind}`}>
      <h3>{label}</h3>
      <div className="centre-image__preview">
        {current && preview ? <img src={preview} alt={m.preview(label)} /> : <span className="centre-muted">{m.none}</span>}
      </div>
      <p className="centre-muted">{m.imageHint}</p>
      <div className="centre-image__actions">
        <Upload
          accept="image/png,image/jpeg"
          showUploadList={false}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={sending} aria-label={current ? m.replace(label) : m.choose(label)}>
            {current ? m.replace(label) : m.choose(label)}
          </Button>
        </Upload>
        {current ? (
          <Button danger icon={<DeleteOutlined />} loading={removing} onClick={() => void remove()}>
            {m.remove(label)}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

function MissingBlock({ missing }: { missing: CentreMissing[] }) {
  return (
    <Card className="centre-missing" title={<h2>{m.missingTitle}</h2>} data-testid="centre-missing">
      {missing.length === 0 ? (
        <Alert type="success" showIcon title={m.nothingMissing} />
      ) : (
        <ul>
          {missing.map((item) => (
            <li key={item}>{m.missing[item]}</li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** /admin-centre: the centre's identity as documents and e-mails print it (docs/adr/0032). */
export function CentreSettingsPage() {
  const [form] = Form.useForm<FormValues>();
  const { data, isLoading, error } = useGetCentreIdentityQuery();
  const [update, { isLoading: saving }] = useUpdateCentreIdentityMutation();
  const choice = Form.useWatch('qualite_choice', form);

  useEffect(() => {
    if (data) form.setFieldsValue(valuesOf(data));
  }, [data, form]);

  const submit = async (values: FormValues) => {
    const body: Record<string, string> = {};
    for (const field of TEXT_FIELDS) body[field] = values[field] ?? '';
    body.signataire_qualite = values.qualite_choice === 'legal' ? m.legalRepresentative : (values.qualite_delegue ?? '');
    body.base_heures = values.base_heures ?? 'temps_actif_mesure';
    try {
      await update(body).unwrap();
      toast('success', m.saved);
    } catch (caught) {
      const described = describeApiError(caught);
      const errors = { ...described.fieldErrors };
      if (errors.signataire_qualite) errors.qualite_delegue = errors.signataire_qualite;
      const others = applyFieldErrors(form, errors, [...TEXT_FIELDS, 'qualite_delegue']);
      if (others.length || !Object.keys(described.fieldErrors).length) toast('error', others[0] ?? described.message ?? m.saveFailed);
    }
  };

  if (isLoading) return <Spin />;
  if (error || !data) return <StatusMessage kind="failure" title={m.loadFailed} />;

  return (
    <WorkPage title={m.title} className="centre-page">
      <p>{m.intro}</p>
      <MissingBlock missing={data.missing as CentreMissing[]} />
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} initialValues={valuesOf(data)} className="centre-form">
        <Row gutter={24}>
          <Col xs={24} lg={12}>
            <Card title={<h2>{m.identity}</h2>}>
              <Form.Item name="nom" label={m.fields.nom}>
                <Input autoComplete="organization" maxLength={200} />
              </Form.Item>
              <Form.Item name="siret" label={m.fields.siret} extra={m.help.siret}>
                <Input inputMode="numeric" maxLength={30} />
              </Form.Item>
              <Form.Item name="nda" label={m.fields.nda} extra={m.help.nda}>
                <Input inputMode="numeric" maxLength={30} />
              </Form.Item>
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card title={<h2>{m.address}</h2>}>
              <Form.Item name="rue" label={m.fields.rue}>
                <Input autoComplete="street-address" maxLength={200} />
              </Form.Item>
              <Row gutter={12}>
                <Col xs={24} sm={8}>
                  <Form.Item name="code_postal" label={m.fields.code_postal}>
                    <Input autoComplete="postal-code" inputMode="numeric" maxLength={10} />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={16}>
                  <Form.Item name="ville" label={m.fields.ville}>
                    <Input autoComplete="address-level2" maxLength={100} />
                  </Form.Item>
                </Col>
              </Row>
            </Card>
          </Col>
          <Col xs={24}>
            <Card title={<h2>{m.signatory}</h2>}>
              <Row gutter={24}>
                <Col xs={24} lg={12}>
                  <Form.Item name="signataire_nom" label={m.fields.signataire_nom}>
                    <Input autoComplete="name" maxLength={200} />
                  </Form.Item>
                  <Form.Item name="lieu" label={m.fields.lieu} extra={m.help.lieu}>
                    <Input maxLength={100} />
                  </Form.Item>
                </Col>
                <Col xs={24} lg={12}>
                  <Form.Item name="qualite_choice" label={m.fields.qualite}>
                    <Radio.Group className="centre-quality">
                      <Radio value="legal">{m.legalRepresentative}</Radio>
                      <Radio value="delegate">{m.delegate}</Radio>
                    </Radio.Group>
                  </Form.Item>
                  {choice === 'delegate' ? (
                    <Form.Item name="qualite_delegue" label={m.fields.qualite_delegue}>
                      <Input placeholder={m.delegatePlaceholder} maxLength={200} />
                    </Form.Item>
                  ) : null}
                </Col>
              </Row>
            </Card>
          </Col>
          <Col xs={24}>
            <Card title={<h2>{m.hoursBasis.title}</h2>} data-testid="centre-hours-basis">
              <p>{m.hoursBasis.intro}</p>
              <Form.Item name="base_heures" label={m.hoursBasis.label}>
                <Radio.Group className="centre-basis">
                  <Radio value="temps_actif_mesure">
                    <strong>{m.hoursBasis.measured}</strong>
                    <span className="centre-basis__help">{m.hoursBasis.measuredHelp}</span>
                  </Radio>
                  <Radio value="durees_declarees">
                    <strong>{m.hoursBasis.declared}</strong>
                    <span className="centre-basis__help">{m.hoursBasis.declaredHelp}</span>
                  </Radio>
                </Radio.Group>
              </Form.Item>
            </Card>
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" loading={saving} className="centre-save">
          {m.save}
        </Button>
      </Form>
      <Card title={<h2>{m.images}</h2>} className="centre-images">
        <Row gutter={24}>
          <Col xs={24} md={12}>
            <ImageBlock kind="logo" identity={data} />
          </Col>
          <Col xs={24} md={12}>
            <ImageBlock kind="signature" identity={data} />
          </Col>
        </Row>
      </Card>
    </WorkPage>
  );
}
