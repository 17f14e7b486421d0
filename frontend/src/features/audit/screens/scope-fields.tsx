import { useState } from 'react';
import { DatePicker, Form, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useGetScopeCourseOptionsQuery } from '../audit-api';
import { auditMessages as m } from '../messages';

/** The end date and scope fields of the invitation and of the auditor's page. */
export function ScopeFields() {
  const [search, setSearch] = useState('');
  const { data, isFetching } = useGetScopeCourseOptionsQuery(search);
  const all = Form.useWatch('all_courses');
  return (
    <>
      <Form.Item label={m.admin.endsOn} name="ends_on" rules={[{ required: true, message: m.admin.required(m.admin.endsOn) }]}>
        <DatePicker format="DD/MM/YYYY" disabledDate={(day: Dayjs) => day.isBefore(dayjs(), 'day')} className="audit-date" />
      </Form.Item>
      <Form.Item label={m.admin.scope} name="all_courses" rules={[{ required: true, message: m.admin.required(m.admin.scope) }]}>
        <Radio.Group
          options={[
            { value: true, label: m.admin.scopeAll },
            { value: false, label: m.admin.scopeChosen },
          ]}
        />
      </Form.Item>
      {all === false ? (
        <Form.Item label={m.admin.chooseCourses} name="course_ids" rules={[{ required: true, type: 'array', min: 1, message: m.admin.coursesRequired }]}>
          <Select
            mode="multiple"
            showSearch={{ filterOption: false, onSearch: setSearch }}
            loading={isFetching}
            options={(data?.results ?? []).map((c) => ({ value: c.id, label: c.title }))}
          />
        </Form.Item>
      ) : null}
    </>
  );
}

export interface ScopeValues {
  ends_on: Dayjs;
  all_courses: boolean;
  course_ids?: number[];
}

export const scopeBody = (values: ScopeValues) => ({
  ends_on: values.ends_on.format('YYYY-MM-DD'),
  all_courses: values.all_courses,
  course_ids: values.all_courses ? [] : (values.course_ids ?? []),
});
