import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { responsiveSrcSet } from '../../lib/responsive-image';
import { CourseImage } from './course-image';

const UPLOAD = '/media/courses/0b6a2f4e-9d1c-4c1e-8f3a-2b7c9d0e1f2a.jpg';
const BASE = '/media/courses/0b6a2f4e-9d1c-4c1e-8f3a-2b7c9d0e1f2a';

describe('responsiveSrcSet', () => {
  it("lists the server's WebP copies of an uploaded course image, and none for anything else", () => {
    expect(responsiveSrcSet(UPLOAD)).toBe(`${BASE}.w320.webp 320w, ${BASE}.w640.webp 640w, ${BASE}.w960.webp 960w, ${BASE}.w1280.webp 1280w`);
    expect(responsiveSrcSet('/media/profiles/0b6a2f4e-9d1c-4c1e-8f3a-2b7c9d0e1f2a.jpg')).toBeUndefined();
    expect(responsiveSrcSet('https://images.example.org/course.jpg')).toBeUndefined();
    expect(responsiveSrcSet('')).toBeUndefined();
    expect(responsiveSrcSet(null)).toBeUndefined();
  });
});

describe('CourseImage', () => {
  it('draws the copies at the given width with its size set, lazily unless it is the priority one', () => {
    const { container, rerender } = render(<CourseImage src={UPLOAD} sizes="100vw" placeholderClassName="ph" />);
    const img = container.querySelector('img')!;
    expect(img).toHaveAttribute('srcset', responsiveSrcSet(UPLOAD));
    expect(img).toHaveAttribute('sizes', '100vw');
    expect(img).toHaveAttribute('width', '1280');
    expect(img).toHaveAttribute('height', '720');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).not.toHaveAttribute('fetchpriority');
    rerender(<CourseImage src={UPLOAD} sizes="100vw" priority placeholderClassName="ph" />);
    expect(container.querySelector('img')).toHaveAttribute('loading', 'eager');
    expect(container.querySelector('img')).toHaveAttribute('fetchpriority', 'high');
  });

  it('falls back to the original when a copy fails, then to the placeholder', () => {
    const { container } = render(<CourseImage src={UPLOAD} sizes="100vw" placeholderClassName="ph" />);
    fireEvent.error(container.querySelector('img')!);
    const original = container.querySelector('img')!;
    expect(original).toHaveAttribute('src', UPLOAD);
    expect(original).not.toHaveAttribute('srcset');
    fireEvent.error(original);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('.ph')).not.toBeNull();
  });

  it('starts again from the copies when it is given another image (the route reused it for another course)', () => {
    const { container, rerender } = render(<CourseImage src={UPLOAD} sizes="100vw" placeholderClassName="ph" />);
    fireEvent.error(container.querySelector('img')!);
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    const other = '/media/courses/1c7b3f5e-0a2d-4d2f-9a4b-3c8d0e1f2a3b.png';
    rerender(<CourseImage src={other} sizes="100vw" placeholderClassName="ph" />);
    expect(container.querySelector('img')).toHaveAttribute('srcset', responsiveSrcSet(other));
  });

  it('shows the placeholder for a course without an image', () => {
    const { container } = render(<CourseImage src="" sizes="100vw" placeholderClassName="ph" />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('.ph')).not.toBeNull();
  });
});
