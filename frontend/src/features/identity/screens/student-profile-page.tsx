import { Button, Form, type UploadFile } from 'antd';
import { toast } from '../../../lib/feedback';
import { useAppSelector, usePageTitle, useSyncSession } from '../../../lib/hooks';
import { setUsername } from '../../../lib/session';
import { describeApiError, applyFieldErrors } from '../../../lib/api-errors';
import { ProfileCard } from '../components/profile-card';
import { ProfileImageField } from '../components/profile-image-field';
import { StudentFields } from '../components/student-fields';
import { pickedFile, toFormData } from '../form-helpers';
import { useGetStudentQuery, useUpdateStudentMutation, type Student } from '../identity-api';
import { messages as m } from '../messages';

const FIELDS = ['fullname', 'email', 'username', 'interseted_categories', 'profile_img'] as const;

interface ProfileValues {
  fullname: string;
  email: string;
  username: string;
  interseted_categories?: string;
  profile_img?: UploadFile[];
}

function StudentProfileForm({ student }: { student: Student }) {
  const [form] = Form.useForm<ProfileValues>();
  const [update, { isLoading }] = useUpdateStudentMutation();
  const syncSession = useSyncSession();

  const onFinish = async (values: ProfileValues) => {
    try {
      const saved = await update({
        id: String(student.id),
        body: toFormData(
          {
            fullname: values.fullname.trim(),
            email: values.email.trim(),
            username: values.username.trim(),
            interseted_categories: values.interseted_categories?.trim() ?? '',
          },
          { name: 'profile_img', value: pickedFile(values.profile_img) },
        ),
      }).unwrap();
      if (saved?.username) {
        setUsername(saved.username);
        syncSession();
      }
      form.setFieldValue('profile_img', []);
      toast('success', m.student.profileUpdated);
    } catch (error) {
      const described = describeApiError(error);
      const others = applyFieldErrors(form, described.fieldErrors, FIELDS);
      toast('error', [m.student.profileFailed, ...others].join(' '));
    }
  };

  return (
    <Form
      form={form}
      name="student-profile"
      layout="vertical"
      onFinish={onFinish}
      className="narrow-form"
      initialValues={{
        fullname: student.fullname,
        email: student.email,
        username: student.username,
        interseted_categories: student.interseted_categories,
        profile_img: [],
      }}
    >
      <ProfileImageField current={student.profile_img} />
      <StudentFields withPassword={false} />
      <Button type="primary" htmlType="submit" loading={isLoading}>
        {m.common.save}
      </Button>
    </Form>
  );
}

/** /profile-setting: GET then PUT /student/{id}/ (multipart). */
export function StudentProfilePage() {
  usePageTitle(m.student.profileTitle);
  const studentId = useAppSelector((state) => state.auth.studentId) ?? '';
  const { data, isLoading, isError } = useGetStudentQuery(studentId, { skip: !studentId });

  return (
    <ProfileCard title={m.student.profileTitle} loading={isLoading} failed={isError || !data}>
      {() => <StudentProfileForm key={data!.id} student={data!} />}
    </ProfileCard>
  );
}
