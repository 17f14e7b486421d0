import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Button, Form, Input, Select } from 'antd';
import { Panel } from '../../../components/panel';
import { applyFieldErrors, describeApiError } from '../../../lib/api-errors';
import { selectIsLoggedIn } from '../../../lib/auth-slice';
import { toast } from '../../../lib/feedback';
import { useAppSelector, usePageTitle } from '../../../lib/hooks';
import { newKey } from '../format';
import { categories, messages } from '../messages';
import { useFileComplaintMutation, useGetComplaintCoursesQuery } from '../quality-api';
import type { ComplaintCategory, ComplaintReceipt } from '../quality-types';
import '../quality.css';

const m = messages.file;
const FIELDS = ['name', 'email', 'phone', 'category', 'course_id', 'message'] as const;

interface Values {
  name?: string;
  email?: string;
  phone?: string;
  category?: ComplaintCategory;
  course_id?: number;
  message?: string;
  website?: string;
}

/**
 * « Réclamation » (docs/adr/0048), linked in every page's footer: a visitor gives a name and an
 * e-mail; a signed-in learner or trainer files with their account. A hidden honeypot field stays
 * empty for people. The key is drawn once per complaint being written (docs/adr/0022).
 */
export function ComplaintPage() {
  usePageTitle(m.title);
  const student = useAppSelector((state) => selectIsLoggedIn(state, 'student'));
  const teacher = useAppSelector((state) => selectIsLoggedIn(state, 'teacher'));
  const signedIn = student || teacher;
  const courses = useGetComplaintCoursesQuery();
  const [file, filing] = useFileComplaintMutation();
  const [form] = Form.useForm<Values>();
  const [receipt, setReceipt] = useState<ComplaintReceipt | null>(null);
  const key = useRef(newKey());

  const submit = async (values: Values) => {
    try {
      const answer = await file({
        category: values.category!,
        message: values.message ?? '',
        ...(values.course_id ? { course_id: values.course_id } : {}),
        ...(signedIn ? {} : { name: values.name ?? '', email: values.email ?? '', phone: values.phone ?? '' }),
        ...(values.website ? { website: values.website } : {}),
        request_key: key.current,
      }).unwrap();
      key.current = newKey();
      form.resetFields();
      setReceipt(answer);
    } catch (error) {
      const described = describeApiError(error);
      const others = applyFieldErrors(form, described.fieldErrors, FIELDS);
      toast('error', others[0] ?? described.message ?? messages.failed);
    }
  };

  return (
    <div className="content-page content-page--narrow">
      <Panel className="page-card quality-file" testId="complaint-page">
        <h1 className="content-page__title">{m.title}</h1>
        <p className="content-page__intro">{m.intro}</p>
        <p>{m.delay}</p>
        {receipt ? (
          <div className="quality-receipt" role="status">
            <Alert type="success" showIcon title={m.sentTitle} description={m.sent(receipt.reference)} />
            <p className="quality-receipt__links">
              <Button onClick={() => setReceipt(null)}>{m.another}</Button>
              {signedIn ? <Link to={student ? '/mes-reclamations' : '/teacher-reclamations'}>{m.mine}</Link> : null}
            </p>
          </div>
        ) : (
          <Form form={form} layout="vertical" onFinish={submit} className="quality-form">
            {signedIn ? (
              <Alert type="info" showIcon title={m.signedIn} className="quality-form__note" />
            ) : (
              <div className="quality-form__contact">
                <Form.Item name="name" label={m.name} htmlFor="complaint-name" rules={[{ required: true, whitespace: true, message: m.nameRequired }, { max: 200 }]}>
                  <Input id="complaint-name" autoComplete="name" maxLength={200} />
                </Form.Item>
                <Form.Item name="email" label={m.email} htmlFor="complaint-email" rules={[{ required: true, type: 'email', message: m.emailRequired }]}>
                  <Input id="complaint-email" type="email" autoComplete="email" maxLength={254} />
                </Form.Item>
                <Form.Item name="phone" label={m.phone} htmlFor="complaint-phone">
                  <Input id="complaint-phone" type="tel" autoComplete="tel" maxLength={30} />
                </Form.Item>
              </div>
            )}
            <Form.Item name="category" label={m.category} htmlFor="complaint-category" rules={[{ required: true, message: m.categoryRequired }]}>
              <Select id="complaint-category" options={Object.entries(categories).map(([value, label]) => ({ value, label }))} />
            </Form.Item>
            <Form.Item name="course_id" label={m.course} htmlFor="complaint-course">
              <Select
                id="complaint-course"
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={m.coursePlaceholder}
                loading={courses.isLoading}
                options={(courses.data ?? []).map((c) => ({ value: c.id, label: c.title ?? `Formation n° ${c.id}` }))}
              />
            </Form.Item>
            <Form.Item
              name="message"
              label={m.message}
              htmlFor="complaint-message"
              extra={m.messageHelp}
              rules={[{ required: true, whitespace: true, message: m.messageRequired }, { max: 5000, message: m.messageTooLong }]}
            >
              <Input.TextArea id="complaint-message" rows={8} maxLength={5000} showCount />
            </Form.Item>
            {/* The honeypot: off screen, out of the tab order and of assistive technologies; people leave it empty. */}
            <div className="quality-honeypot" aria-hidden="true">
              <label htmlFor="complaint-website">{m.honeypot}</label>
              <Form.Item name="website" noStyle>
                <input id="complaint-website" type="text" tabIndex={-1} autoComplete="off" />
              </Form.Item>
            </div>
            <p className="quality-form__privacy">{m.privacy}</p>
            <Button type="primary" htmlType="submit" loading={filing.isLoading}>
              {m.submit}
            </Button>
          </Form>
        )}
      </Panel>
    </div>
  );
}
