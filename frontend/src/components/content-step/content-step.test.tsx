import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ContentStep, textParagraphs } from './content-step';

describe('ContentStep', () => {
  it('plays an uploaded video from its media URL, with controls', () => {
    const { container } = render(<ContentStep step={{ title: 'Démo', content_type: 'video_file', video: '/media/chapters/1/demo.webm' }} />);
    const video = container.querySelector('video')!;
    expect(video).toHaveAttribute('src', '/media/chapters/1/demo.webm');
    expect(video).toHaveAttribute('controls');
  });

  it("shows an external video in a frame at the server's embed URL, titled", () => {
    render(<ContentStep step={{ title: 'Tableaux croisés', content_type: 'video_url', video_url: 'https://www.youtube.com/watch?v=abc', video_embed_url: 'https://www.youtube-nocookie.com/embed/abc' }} />);
    expect(screen.getByTitle('Tableaux croisés')).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/abc');
  });

  it('offers the typed link when the server could not derive a player', () => {
    render(<ContentStep step={{ title: 'Lien', content_type: 'video_url', video_url: 'https://exemple.fr/v', video_embed_url: null }} />);
    expect(screen.getByRole('link', { name: 'Ouvrir la vidéo' })).toHaveAttribute('href', 'https://exemple.fr/v');
  });

  it('renders text as paragraphs split on blank lines, without interpreting HTML', () => {
    const { container } = render(<ContentStep step={{ title: 'Texte', content_type: 'text', text_content: 'Premier.\nSuite.\n\n<b>Deuxième</b>' }} />);
    const paragraphs = [...container.querySelectorAll('p')].map((p) => p.textContent);
    expect(paragraphs).toEqual(['Premier.\nSuite.', '<b>Deuxième</b>']);
    expect(container.querySelector('b')).toBeNull();
  });

  it('opens a SCORM module in a 600 px frame and says when it fails to load', () => {
    const { container } = render(<ContentStep step={{ title: 'Module', content_type: 'scorm', scorm_url: '/media/scorm/7/index.html' }} />);
    const frame = screen.getByTitle('Module');
    expect(frame).toHaveAttribute('src', '/media/scorm/7/index.html');
    expect(frame).toHaveClass('content-step__scorm-frame');
    fireEvent.load(frame);
    expect(screen.queryByRole('alert')).toBeNull();
    // The server answered its JSON 404 instead of the launch file.
    Object.defineProperty(frame, 'contentDocument', { value: { contentType: 'application/json' } });
    fireEvent.load(frame);
    expect(screen.getByRole('alert')).toHaveTextContent('Erreur de chargement');
    expect(container.querySelector('iframe')).toBeNull();
  });

  it("says 'Module SCORM non disponible' without a URL", () => {
    render(<ContentStep step={{ title: 'Module', content_type: 'scorm', scorm_url: null }} />);
    expect(screen.getByText('Module SCORM non disponible')).toBeInTheDocument();
  });

  it('shows a quiz as a notice, not as questions', () => {
    render(<ContentStep step={{ title: 'Évaluation', content_type: 'quiz', quiz: 4, quiz_title: 'Bases Excel' }} />);
    expect(screen.getByText('Quiz : Bases Excel')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it("shows the quiz the screen hands in for a quiz step, beside the preview notice", () => {
    render(<ContentStep step={{ title: 'Évaluation', content_type: 'quiz', quiz: 4 }} quizView={(id) => <p>Quiz complet n° {id}</p>} />);
    expect(screen.getByText('Quiz complet n° 4')).toBeInTheDocument();
    expect(screen.getByText('Aperçu : le quiz est interactif uniquement pour les étudiants inscrits.')).toBeInTheDocument();
  });

  it('says when a quiz step has no quiz', () => {
    render(<ContentStep step={{ title: 'Évaluation', content_type: 'quiz', quiz: null }} />);
    expect(screen.getByText("Aucun quiz n'est associé à cette étape.")).toBeInTheDocument();
  });
});

describe('textParagraphs', () => {
  it('ignores Windows line ends and surrounding blank lines', () => {
    expect(textParagraphs('\r\nUn\r\n\r\n \r\nDeux\r\n')).toEqual(['Un', 'Deux']);
  });
});
