import type { FormRule as Rule, UploadFile } from 'antd';
import { messages as m } from './messages';

/** Server rule for new passwords (architecture §5): at least 12 characters. */
export const PASSWORD_MIN_LENGTH = 12;

export const newPasswordRules = (emptyMessage: string = m.common.passwordRequired): Rule[] => [
  { required: true, whitespace: true, message: emptyMessage },
  { min: PASSWORD_MIN_LENGTH, message: m.common.passwordTooShort },
];

/** An e-mail address as the forms accept it: something@domain.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export const emailRules: Rule[] = [
  { required: true, message: m.common.emailRequired },
  { pattern: EMAIL_PATTERN, message: m.common.emailInvalid },
];

/** The message under the e-mail field of a login form (the plain one of login-form.tsx), if any. */
export function emailError(email: string): string | null {
  if (!email) return m.common.emailRequired;
  return EMAIL_PATTERN.test(email) ? null : m.common.emailInvalid;
}

export const requiredRule: Rule = { required: true, whitespace: true, message: m.common.required };

export const urlRule: Rule = { type: 'url', message: m.common.urlInvalid };

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');
const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** Images accepted by the server (architecture §7): jpg, png, gif, webp up to 5 MB. */
export const imageRule: Rule = {
  validator: async (_rule, value: UploadFile[] | undefined) => {
    const file = value?.[0]?.originFileObj;
    if (!file) return;
    if (!IMAGE_TYPES.includes(file.type)) throw new Error(m.common.imageType);
    if (file.size > IMAGE_MAX_BYTES) throw new Error(m.common.imageSize);
  },
};

/** antd Upload → Form value. */
export function fileListFromEvent(event: { fileList?: UploadFile[] } | UploadFile[]): UploadFile[] {
  return Array.isArray(event) ? event : (event.fileList ?? []);
}

export function pickedFile(list: UploadFile[] | undefined): File | null {
  return list?.[0]?.originFileObj ?? null;
}

/** Multipart body; `skipEmpty` leaves out blank optional fields. */
export function toFormData(
  values: Record<string, string | number | null | undefined>,
  file?: { name: string; value: File | null },
  options: { skipEmpty?: boolean } = {},
): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    const text = String(value);
    if (options.skipEmpty && text.trim() === '') continue;
    body.append(name, text);
  }
  if (file?.value) body.append(file.name, file.value);
  return body;
}
