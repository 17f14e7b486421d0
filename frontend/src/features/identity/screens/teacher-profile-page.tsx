import { Button, Form, type UploadFile } from 'antd';
import { toast } from '../../../lib/feedback';
import { applyFieldErrors, describeApiError } from '../../../lib/api-errors';
import { useAppSelector, usePageTitle, useSyncSession } from '../../../lib/hooks';
import { setUsername } from '../../../lib/session';
import { ProfileCard } from '../components/profile-card';
import { ProfileImageField } from '../components/profile-image-field';
import { TEACHER_FIELDS, TEACHER_TEXT_FIELDS, TeacherFields } from '../components/teacher-fields';
import { pickedFile, toFormData } from '../form-helpers';
import { useGetTeacherQuery, useUpdateTeacherMutation, type Teacher } from '../identity-api';
import { messages as m } from '../messages';

type ProfileValues = Record<(typeof TEACHER_TEXT_FIELDS)[number], string | undefined> & {
  profile_img?: UploadFile[];
};

function TeacherProfileForm({ teacher }: { teacher: Teacher }) {
  const [form] = Form.useForm<ProfileValues>();
  const [update, { isLoading }] = useUpdateTeacherMutation();
  const syncSession = useSyncSession();

  const initialValues: Partial<ProfileValues> = { profile_img: [] };
  for (const field of TEACHER_TEXT_FIELDS) initialValues[field] = teacher[field] ?? '';

  const onFinish = async (values: ProfileValues) => {
    const text: Record<string, string> = {};
    for (const field of TEACHER_TEXT_FIELDS) text[field] = values[field]?.trim() ?? '';
    // An empty username is left out: the server keeps the current one.
    if (!text.username) delete text.username;
    try {
      const saved = await update({
        id: String(teacher.id),
        body: toFormData(text, { name: 'profile_img', value: pickedFile(values.profile_img) }),
      }).unwrap();
      if (saved?.username) {
        setUsername(saved.username);
        syncSession();
      }
      form.setFieldValue('profile_img', []);
      toast('success', m.teacher.profileUpdated);
    } catch (error) {
      const described = describeApiError(error);
      const others = applyFieldErrors(form, described.fieldErrors, TEACHER_FIELDS);
      toast('error', [m.teacher.profileFailed, ...others].join(' '));
    }
  };

  return (
    <Form
      form={form}
      name="teacher-profile"
      layout="vertical"
      onFinish={onFinish}
      initialValues={initialValues}
    >
      <ProfileImageField current={teacher.profile_img} />
      <TeacherFields withPassword={false} />
      <Button type="primary" htmlType="submit" loading={isLoading}>
        {m.common.save}
      </Button>
    </Form>
  );
}

/** /teacher-profile-setting: GET then PUT /teacher/{id}/ (multipart). */
export function TeacherProfilePage() {
  usePageTitle(m.teacher.profileTitle);
  const teacherId = useAppSelector((state) => state.auth.teacherId) ?? '';
  const { data, isLoading, isError } = useGetTeacherQuery(teacherId, { skip: !teacherId });

  return (
    <ProfileCard title={m.teacher.profileTitle} loading={isLoading} failed={isError || !data}>
      {() => <TeacherProfileForm key={data!.id} teacher={data!} />}
    </ProfileCard>
  );
}
