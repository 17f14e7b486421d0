import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { DurationInput, durationError, durationRule, fromSeconds, toSeconds, type DurationParts } from './duration-input';

function DurationForm({ onFinish, initial }: { onFinish: (values: { duration: DurationParts }) => void; initial?: DurationParts }) {
  return (
    <Form onFinish={onFinish} initialValues={{ duration: initial }}>
      <Form.Item label="Durée" name="duration" rules={[durationRule]}>
        <DurationInput />
      </Form.Item>
      <Button htmlType="submit">Enregistrer</Button>
    </Form>
  );
}

describe('the duration fields', () => {
  it('turn hours, minutes and seconds into seconds', async () => {
    const onFinish = vi.fn();
    render(<DurationForm onFinish={onFinish} />);
    await userEvent.type(screen.getByLabelText('Heures'), '1');
    await userEvent.type(screen.getByLabelText('Minutes'), '15');
    await userEvent.type(screen.getByLabelText('Secondes'), '30');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(onFinish).toHaveBeenCalled());
    expect(toSeconds(onFinish.mock.calls[0]![0].duration)).toBe(3600 + 15 * 60 + 30);
  });

  it('refuse 60 minutes with a message instead of changing it', async () => {
    const onFinish = vi.fn();
    render(<DurationForm onFinish={onFinish} />);
    await userEvent.type(screen.getByLabelText('Minutes'), '60');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText('Entre 0 et 59.')).toBeInTheDocument();
    expect(onFinish).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Minutes')).toHaveValue('60');
  });

  it('show a stored duration split into its parts', () => {
    render(<DurationForm onFinish={vi.fn()} initial={fromSeconds(2 * 3600 + 5 * 60 + 9)} />);
    expect(screen.getByLabelText('Heures')).toHaveValue('2');
    expect(screen.getByLabelText('Minutes')).toHaveValue('5');
    expect(screen.getByLabelText('Secondes')).toHaveValue('9');
  });
});

describe('duration rules', () => {
  it.each([
    [{ hours: -1, minutes: 0, seconds: 0 }, 'Les heures sont un nombre entier positif ou nul.'],
    [{ hours: 0, minutes: 0, seconds: 60 }, 'Entre 0 et 59.'],
    [{ hours: 0, minutes: 1.5, seconds: 0 }, 'Entre 0 et 59.'],
    [{ hours: 30, minutes: 59, seconds: 59 }, null],
    [{ hours: null, minutes: null, seconds: null }, null],
  ])('%o → %s', (parts, error) => {
    expect(durationError(parts)).toBe(error);
  });

  it('count empty parts as 0 and round-trip through seconds', () => {
    expect(toSeconds({ hours: null, minutes: 2, seconds: null })).toBe(120);
    expect(toSeconds(fromSeconds(45_296))).toBe(45_296);
    expect(fromSeconds(0)).toEqual({ hours: null, minutes: null, seconds: null });
  });
});
