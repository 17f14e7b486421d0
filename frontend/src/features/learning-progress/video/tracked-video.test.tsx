import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TrackedVideo, type VideoReport } from './tracked-video';

/** Plays the first `seconds` of a 100 s video, one `timeupdate` a second, and returns the reports. */
function play(seconds: number, share: number | undefined) {
  const reports: VideoReport[] = [];
  render(<TrackedVideo src="/media/v.mp4" title="Vidéo" share={share} onReport={(report) => reports.push(report)} />);
  const video = screen.getByTestId('step-video') as HTMLVideoElement;
  Object.defineProperty(video, 'duration', { value: 100 });
  Object.defineProperty(video, 'paused', { value: false });
  const time = vi.spyOn(video, 'currentTime', 'get');
  for (let second = 0; second <= seconds; second += 1) {
    time.mockReturnValue(second);
    fireEvent.timeUpdate(video);
  }
  return reports;
}

describe('TrackedVideo', () => {
  it('asks for a save once, when the share the server served is reached', () => {
    const reports = play(60, 0.5);
    const saves = reports.filter((report) => report.saveNow);
    expect(saves).toHaveLength(1);
    expect(saves[0]!.watched).toBe(50);
  });

  it('asks for none while the rules are not read', () => {
    expect(play(100, undefined).some((report) => report.saveNow)).toBe(false);
  });
});
