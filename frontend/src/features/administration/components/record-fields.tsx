import { Col, Form, Input } from 'antd';
import { messages as m } from '../messages';

/**
 * The administrative record's own fields (file number, funding, formation type, formations, entry
 * and exit dates), the same in the create and edit dialogs; the exit date may not precede the
 * entry date (the server checks it too).
 */
export function RecordFields() {
  return (
    <>
      <Col xs={24} sm={8}>
        <Form.Item name="numero_dossier" label={m.createStudent.numeroDossier}>
          <Input autoComplete="off" maxLength={50} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={8}>
        <Form.Item name="type_dossier" label={m.createStudent.typeDossier}>
          <Input autoComplete="off" maxLength={100} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={8}>
        <Form.Item name="type_formation" label={m.createStudent.typeFormation}>
          <Input autoComplete="off" maxLength={100} />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item name="formations" label={m.createStudent.formations} extra={m.createStudent.formationsHelp}>
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="date_entree" label={m.createStudent.dateEntree}>
          <Input type="date" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          name="date_sortie"
          label={m.createStudent.dateSortie}
          dependencies={['date_entree']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, value: string | undefined) => {
                const start = getFieldValue('date_entree') as string | undefined;
                return !value || !start || value >= start ? Promise.resolve() : Promise.reject(new Error(m.createStudent.datesOrder));
              },
            }),
          ]}
        >
          <Input type="date" />
        </Form.Item>
      </Col>
    </>
  );
}
