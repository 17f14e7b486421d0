import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureStore } from '@reduxjs/toolkit';
import { api } from '../../lib/api';
import { json, stubFetch } from '../../test/fake-fetch';
import { ContentStep, textParagraphs } from './content-step';

const renderWithStore = (element: ReactElement) => {
  const store = configureStore({ reducer: { [api.reducerPath]: api.reducer }, middleware: (defaults) => defaults().concat(api.middleware) });
  return render(<Provider store={store}>{element}</Provider>);
};

afterEach(() => vi.unstubAllGlobals());

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

  it('launches a SCORM module on the content origin, in a sandboxed 600 px frame, with no link to open it elsewhere', async () => {
    const { calls } = stubFetch(() => json({ content_origin: 'http://127.0.0.1:3000', launch_base: 'http://127.0.0.1:3000/scorm-launch/jeton.signature/', expires_at: '2026-11-26T18:00:00.000Z' }));
    renderWithStore(<ContentStep step={{ title: 'Module', content_type: 'scorm', scorm_url: '/media/scorm/7/index.html' }} />);
    expect(screen.getByRole('status')).toHaveTextContent('Ouverture du module…');
    const frame = await screen.findByTitle('Module');
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([['POST', '/scorm-launch/', { chapter_id: 7 }]]);
    expect(frame).toHaveAttribute('src', 'http://127.0.0.1:3000/scorm-launch/jeton.signature/index.html');
    expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms allow-popups allow-modals');
    expect(frame).toHaveClass('content-step__scorm-frame');
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByText('Ouvrir dans un nouvel onglet')).toBeNull();
  });

  it("says 'Erreur de chargement' when the module cannot be launched", async () => {
    stubFetch(() => json({ statusCode: 403, message: 'Accès refusé.' }, 403));
    const { container } = renderWithStore(<ContentStep step={{ title: 'Module', content_type: 'scorm', scorm_url: '/media/scorm/7/index.html' }} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur de chargement');
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
