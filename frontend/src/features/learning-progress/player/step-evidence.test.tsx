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
      evidence({ videoRules: { share: 0.9, finish_after_seconds: 120, max_rate: 2 } });
      expect(screen.getByText('Regardez la vidéo : elle est validée à 90 %, ou par le bouton après plus de 2 minutes regardées.')).toBeInTheDocument();
    });

    it('follows other figures the server may serve', () => {
      evidence({ videoRules: { share: 0.75, finish_after_seconds: 90, max_rate: 2 } });
      expect(screen.getByText('Regardez la vidéo : elle est validée à 75 %, ou par le bouton après plus de 90 secondes regardées.')).toBeInTheDocument();
    });

    it('offers the finish button only once more than the served seconds are watched', () => {
      const { rerender } = evidence({ videoRules: { share: 0.9, finish_after_seconds: 60, max_rate: 2 }, watched: 60 });
      expect(screen.queryByRole('button', { name: 'Terminer l’étape' })).toBeNull();
      rerender(<StepEvidence contentType="video_file" validated={false} videoRules={{ share: 0.9, finish_after_seconds: 60, max_rate: 2 }} watched={61} checkingQuiz={false} reason={null} finishing={false} onFinish={() => undefined} />);
      expect(screen.getByRole('button', { name: 'Terminer l’étape' })).toBeInTheDocument();
    });
  });

  describe('when the server refused a claim as too fast', () => {
    it('shows its reason as it is, as a status, with the seconds watched and the button still there', () => {
      const reason = 'Lecture trop rapide : 888 s de vidéo déclarées n’ont pas été comptées, car le temps écoulé depuis l’ouverture de l’étape ne permet pas de les avoir regardées (lecture jusqu’à ×2). Poursuivez la lecture.';
      evidence({ videoRules: { share: 0.9, finish_after_seconds: 120, max_rate: 2 }, watched: 900, reason });
      expect(screen.getByRole('status')).toHaveTextContent(reason);
      expect(screen.getByText('Vu : 15 min')).toBeInTheDocument();
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
