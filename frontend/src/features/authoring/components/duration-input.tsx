import { InputNumber, Space } from 'antd';
import type { FormRule } from 'antd';
import { messages as m } from '../messages';

/** A duration as the form holds it: hours ≥ 0, minutes and seconds 0–59 (02 §5). */
export interface DurationParts {
  hours: number | null;
  minutes: number | null;
  seconds: number | null;
}

export const EMPTY_DURATION: DurationParts = { hours: null, minutes: null, seconds: null };

/** hours × 3600 + minutes × 60 + seconds; empty parts count as 0. */
export function toSeconds(parts: DurationParts | undefined): number {
  if (!parts) return 0;
  return (parts.hours ?? 0) * 3600 + (parts.minutes ?? 0) * 60 + (parts.seconds ?? 0);
}

export function fromSeconds(total: number | null | undefined): DurationParts {
  const seconds = Math.max(0, Math.round(total ?? 0));
  if (!seconds) return EMPTY_DURATION;
  return { hours: Math.floor(seconds / 3600), minutes: Math.floor((seconds % 3600) / 60), seconds: seconds % 60 };
}

/** The reason a duration is refused, or null. */
export function durationError(parts: DurationParts | undefined): string | null {
  if (!parts) return null;
  const { hours, minutes, seconds } = parts;
  const whole = (value: number | null) => value === null || Number.isInteger(value);
  if (hours !== null && (hours < 0 || !whole(hours))) return m.stepForm.hoursRule;
  for (const value of [minutes, seconds]) {
    if (value !== null && (value < 0 || value > 59 || !whole(value))) return m.stepForm.sixtyRule;
  }
  return null;
}

export const durationRule: FormRule = {
  validator: async (_rule, value: DurationParts | undefined) => {
    const error = durationError(value);
    if (error) throw new Error(error);
  },
};

/**
 * Three number fields for a Form.Item: hours, minutes, seconds. They do not clamp what is typed
 * (a 75 in minutes is refused by durationRule with a message rather than silently changed).
 */
export function DurationInput({
  id,
  value = EMPTY_DURATION,
  onChange,
}: {
  id?: string;
  value?: DurationParts;
  onChange?: (value: DurationParts) => void;
}) {
  const part = (name: keyof DurationParts) => (next: number | string | null) =>
    onChange?.({ ...value, [name]: next === null || next === '' ? null : Number(next) });
  return (
    <Space.Compact block className="duration-input">
      <InputNumber id={id} aria-label={m.stepForm.hours} value={value.hours} onChange={part('hours')} suffix="h" className="duration-input__part" />
      <InputNumber aria-label={m.stepForm.minutes} value={value.minutes} onChange={part('minutes')} suffix="min" className="duration-input__part" />
      <InputNumber aria-label={m.stepForm.seconds} value={value.seconds} onChange={part('seconds')} suffix="s" className="duration-input__part" />
    </Space.Compact>
  );
}
