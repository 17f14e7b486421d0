import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { centreFace } from '../../../lib/centre-face';
import { startSession } from '../../../lib/session';
import { json, stubFetch, type FakeRequest } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';

const STATEMENT = {
  centre: 'Horizon Compétences', statut: 'partiellement_conforme', taux: 77.3, rgaa_version: '4.1.2', audit_date: '2026-03-12', auditeur: 'Access Conseil Lyon',
  criteres_applicables: 53, criteres_conformes: 41,
  non_conformites: 'Des vidéos sans sous-titres.\nUn module SCORM qui ne se pilote pas au clavier.',
  derogations: null, hors_champ: 'Documents publiés avant le 23 septembre 2018.', technologies: 'HTML5, CSS, JavaScript, WAI-ARIA',
  environnement_test: 'Firefox et NVDA', outils_evaluation: 'axe DevTools', pages_verifiees: 'Accueil', contact_email: 'accessibilite@horizon.fr',
  contact_formulaire: '/assistance', schema_pluriannuel_url: 'https://horizon.fr/schema.pdf', plan_action_url: null, mis_a_jour_le: '2026-11-27T09:00:00.000Z',
};
const EMPTY = {
  ...STATEMENT, centre: null, statut: 'non_conforme', taux: null, audit_date: null, auditeur: null, criteres_applicables: null, criteres_conformes: null,
  non_conformites: null, hors_champ: null, technologies: null, environnement_test: null, outils_evaluation: null, pages_verifiees: null,
  contact_email: null, contact_formulaire: null, schema_pluriannuel_url: null, mis_a_jour_le: null,
};
const path = (request: FakeRequest) => request.path.replace(/\/$/, '');

describe('/accessibilite', () => {
  it('prints the RGAA model: status, audit, non-conformities, contact and the Défenseur des droits', async () => {
    stubFetch((request) => (path(request) === '/centre/accessibility' ? json(STATEMENT) : json({ statusCode: 404, message: 'Introuvable.' }, 404)));
    renderApp('/accessibilite');
    expect(await screen.findByRole('heading', { name: 'Déclaration d’accessibilité', level: 1 }, { timeout: 20_000 })).toBeInTheDocument();
    const statement = screen.getByTestId('accessibility-statement');
    expect(within(statement).getByTestId('accessibility-status')).toHaveTextContent('Statut : partiellement conforme');
    expect(statement).toHaveTextContent('La plateforme est partiellement conforme au référentiel général d’amélioration de l’accessibilité (RGAA), version 4.1.2');
    expect(statement).toHaveTextContent('L’audit de conformité réalisé par Access Conseil Lyon le 12 mars 2026 révèle que 77,3 % des critères du RGAA version 4.1.2 sont respectés.');
    expect(statement).toHaveTextContent('Critères applicables : 53 ; critères respectés : 41.');
    expect(within(statement).getByText('Un module SCORM qui ne se pilote pas au clavier.').tagName).toBe('LI');
    expect(statement).toHaveTextContent('Cette déclaration a été établie le 27 novembre 2026.');
    expect(within(statement).getByRole('link', { name: 'accessibilite@horizon.fr' })).toHaveAttribute('href', 'mailto:accessibilite@horizon.fr');
    expect(within(statement).getByRole('link', { name: 'Par le formulaire de contact' })).toHaveAttribute('href', '/assistance');
    expect(within(statement).getByRole('link', { name: /Schéma pluriannuel/ })).toHaveAttribute('href', 'https://horizon.fr/schema.pdf');
    expect(statement).toHaveTextContent('Plan d’action de l’année en cours : Non renseigné.');
    expect(within(statement).getByRole('heading', { name: 'Voies de recours' })).toBeInTheDocument();
    expect(statement).toHaveTextContent('Défenseur des droits, Libre réponse 71120, 75342 Paris CEDEX 07');
    expect(within(statement).getByRole('link', { name: /écrire un message au Défenseur des droits/ })).toHaveAttribute('href', 'https://formulaire.defenseurdesdroits.fr/');
    expect(document.title).toMatch(/ \| Déclaration d’accessibilité$/);
  });

  it('says « non conforme » and that no audit was made when the centre entered nothing', async () => {
    stubFetch((request) => (path(request) === '/centre/accessibility' ? json(EMPTY) : json({}, 404)));
    renderApp('/accessibilite');
    const status = await screen.findByTestId('accessibility-status', {}, { timeout: 20_000 });
    expect(status).toHaveTextContent('Statut : non conforme');
    const statement = screen.getByTestId('accessibility-statement');
    expect(statement).toHaveTextContent('elle n’a pas encore fait l’objet d’un audit de conformité.');
    expect(statement).toHaveTextContent('Aucun audit de conformité n’a encore été réalisé.');
    expect(statement).toHaveTextContent('Le centre de formation s’engage');
  });
});

describe('/admin-accessibility', () => {
  it('shows the computed status, sends the statement, puts a refusal under its field, and refreshes the pages’ face', async () => {
    startSession('admin', { id: 1, username: 'admin', access: 'a1', refresh: 'r1' });
    const calls: FakeRequest[] = [];
    let current: Record<string, unknown> = EMPTY;
    const face = { nom: 'Horizon Compétences', logo: null, accessibilite: { statut: 'partiellement_conforme', taux: 77.3 } };
    stubFetch((request) => {
      calls.push(request);
      if (path(request) === '/centre/face') return json(face);
      if (path(request) !== '/admin/centre/accessibility') return json({ statusCode: 404, message: 'Introuvable.' }, 404);
      if (request.method === 'GET') return json(current);
      const body = request.body as Record<string, unknown>;
      if (body.criteres_conformes === 60) {
        const message = 'Le nombre de critères respectés ne peut pas dépasser le nombre de critères applicables.';
        return json({ statusCode: 400, message, errors: { criteres_conformes: [message] } }, 400);
      }
      current = { ...STATEMENT };
      return json(current);
    });
    renderApp('/admin-accessibility');
    expect(await screen.findByRole('heading', { name: 'Déclaration d’accessibilité', level: 1 }, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByTestId('accessibility-current-status')).toHaveTextContent('Statut publié : non conforme');

    await userEvent.type(screen.getByLabelText('Date de l’audit'), '2026-03-12');
    await userEvent.type(screen.getByLabelText('Réalisé par (organisme ou service)'), 'Access Conseil Lyon');
    await userEvent.type(screen.getByLabelText('Nombre de critères applicables'), '53');
    await userEvent.type(screen.getByLabelText('Nombre de critères respectés'), '60');
    await userEvent.type(screen.getByLabelText('Non-conformités (une par ligne)'), 'Des vidéos sans sous-titres.');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Le nombre de critères respectés ne peut pas dépasser le nombre de critères applicables.')).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('Nombre de critères respectés'));
    await userEvent.type(screen.getByLabelText('Nombre de critères respectés'), '41');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.getByTestId('accessibility-current-status')).toHaveTextContent('Statut publié : partiellement conforme (77,3 % des critères respectés)'));
    await waitFor(() => expect(screen.queryByText('Le nombre de critères respectés ne peut pas dépasser le nombre de critères applicables.')).not.toBeInTheDocument());
    const sent = calls.filter((c) => c.method === 'PUT').at(-1)!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ rgaa_version: '4.1.2', audit_date: '2026-03-12', auditeur: 'Access Conseil Lyon', criteres_applicables: 53, criteres_conformes: 41, non_conformites: 'Des vidéos sans sous-titres.', derogations: '' });
    // The header and footer of the admin's own page follow.
    await waitFor(() => expect(centreFace()).toEqual(face));
  }, 60_000);
});
