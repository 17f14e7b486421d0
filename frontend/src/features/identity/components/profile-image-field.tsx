import { Avatar, Button, Flex, Form, Upload } from 'antd';
import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { IMAGE_ACCEPT, fileListFromEvent, imageRule } from '../form-helpers';
import { messages as m } from '../messages';

/** Optional profile image: kept in the form as an antd file list, sent as `profile_img`. */
export function ProfileImageField({ current }: { current?: string | null }) {
  return (
    <Form.Item
      label={m.common.profileImage}
      name="profile_img"
      valuePropName="fileList"
      getValueFromEvent={fileListFromEvent}
      rules={[imageRule]}
      extra={m.common.imageHint}
    >
      <Upload accept={IMAGE_ACCEPT} maxCount={1} beforeUpload={() => false} listType="picture">
        <Flex align="center" gap={12}>
          {current !== undefined ? (
            <Avatar size={56} src={current || undefined} icon={<UserOutlined />} alt="" />
          ) : null}
          <Button icon={<UploadOutlined />}>{m.common.chooseImage}</Button>
        </Flex>
      </Upload>
    </Form.Item>
  );
}
