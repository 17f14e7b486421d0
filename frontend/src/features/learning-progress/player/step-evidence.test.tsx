import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StepEvidence } from './step-evidence';

const evidence = (props: Partial<Parameters<typeof StepEvidence>[0]>) =>
  render(
    <StepEvidence contentType="video_file" validated={false} videoRules={undefined} watched={0} checkingQuiz={false} reason={null} finishing={false} onFinish={() => undefined} {...props} />,
  );

describe('StepEvidence of a video', () => {
  describe('when the server serves its rules', () => {
    it('says them, in words: the share in per cent, the finish threshold in minutes or seconds', () => {
      evidence({ videoRules: { share: 0.9, finish_after_seconds: 120 } });
      expect(screen.getByText('Regardez la vidéo : elle est validée à 90 %, ou par le bouton après plus de 2 minutes regardées.')).toBeInTheDocument();
    });

    it('follows other figures the server may serve', () => {
      evidence({ videoRules: { share: 0.75, finish_after_seconds: 90 } });
      expect(screen.getByText('Regardez la vidéo : elle est validée à 75 %, ou par le bouton après plus de 90 secondes regardées.')).toBeInTheDocument();
    });

    it('offers the finish button only once more than the served seconds are watched', () => {
      const { rerender } = evidence({ videoRules: { share: 0.9, finish_after_seconds: 60 }, watched: 60 });
      expect(screen.queryByRole('button', { name: 'Terminer l’étape' })).toBeNull();
      rerender(<StepEvidence contentType="video_file" validated={false} videoRules={{ share: 0.9, finish_after_seconds: 60 }} watched={61} checkingQuiz={false} reason={null} finishing={false} onFinish={() => undefined} />);
      expect(screen.getByRole('button', { name: 'Terminer l’étape' })).toBeInTheDocument();
    });
  });

  describe('while the rules load', () => {
    it('shows neither the hint nor the finish button', () => {
      evidence({ watched: 500 });
      expect(screen.queryByText(/Regardez la vidéo/)).toBeNull();
      expect(screen.queryByRole('button', { name: 'Terminer l’étape' })).toBeNull();
      expect(screen.getByText('Vu : 8 min 20 s')).toBeInTheDocument();
    });
  });
});
