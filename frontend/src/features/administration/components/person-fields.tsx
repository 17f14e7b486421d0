import { Col, Form, Input } from 'antd';
import { messages as m } from '../messages';

const required = (label: string) => [{ required: true, whitespace: true, message: m.createStudent.required(label) }];

/**
 * A person's first and last names and e-mail (required) and phone, the same in the student and
 * trainer dialogs; names up to 100 characters, as the server takes them.
 */
export function PersonFields({ emailHelp }: { emailHelp?: string }) {
  return (
    <>
      <Col xs={24} sm={12}>
        <Form.Item name="prenom" label={m.createStudent.prenom} rules={required(m.createStudent.prenom)}>
          <Input autoComplete="off" maxLength={100} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="nom" label={m.createStudent.nom} rules={required(m.createStudent.nom)}>
          <Input autoComplete="off" maxLength={100} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="email" label={m.createStudent.email} extra={emailHelp} rules={[...required(m.createStudent.email), { type: 'email', message: 'Adresse e-mail invalide.' }]}>
          <Input type="email" autoComplete="off" maxLength={254} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="telephone" label={m.createStudent.telephone}>
          <Input type="tel" autoComplete="off" maxLength={30} />
        </Form.Item>
      </Col>
    </>
  );
}

/** The login and its password (required), as a student's or a trainer's account is created; `passwordHelp` says whose. */
export function LoginFields({ usernameLabel = m.createStudent.username, passwordHelp }: { usernameLabel?: string; passwordHelp: string }) {
  return (
    <>
      <Col xs={24} sm={12}>
        <Form.Item name="nom_utilisateur_lms" label={usernameLabel} rules={required(usernameLabel)}>
          <Input autoComplete="off" maxLength={150} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="mot_de_passe_lms" label={m.createStudent.password} extra={passwordHelp} rules={required(m.createStudent.password)}>
          <Input.Password autoComplete="new-password" maxLength={128} />
        </Form.Item>
      </Col>
    </>
  );
}
