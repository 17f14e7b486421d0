import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../../lib/session';
import { json, stubFetch, type FakeRequest } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { atPhoneWidth } from '../../../test/screen-width';

const record = (id: number, prenom: string, nom: string, extra: Record<string, unknown> = {}) => ({
  id, prenom, nom, fullname: `${prenom} ${nom}`, email: `${prenom.toLowerCase()}@exemple.fr`, telephone: '06 00 00 00 00', nom_utilisateur_lms: `${prenom.toLowerCase()}.${nom.toLowerCase()}`,
  numero_dossier: `D-${id}`, type_dossier: 'CPF', type_formation: 'Distanciel', formations: ['Bureautique'], formation: 'Bureautique', date_entree: '2026-01-05', date_sortie: '2026-06-30',
  is_active: true, created_at: '2026-01-05T09:00:00Z', user_read: { id: 100 + id, username: `${prenom.toLowerCase()}.${nom.toLowerCase()}`, email: `${prenom.toLowerCase()}@exemple.fr` }, ...extra,
});

const MANY = Array.from({ length: 12 }, (_, i) => record(i + 1, `Prénom${i + 1}`, 'Nom'));
const LEA = record(20, 'Léa', 'Dubois', { formations: ['Bureautique', 'Excel avancé', 'Word'] });

function server(handler?: (request: FakeRequest) => Response | Promise<Response> | undefined, students = [LEA, ...MANY]) {
  return stubFetch((request) => {
    const own = handler?.(request);
    if (own) return own;
    if (request.path === '/admin/students/full-data/') return json(students);
    if (request.path === '/formateur/') return json({ count: 1, results: [{ id: 3, full_name: 'Claire Martin', email: 'claire@exemple.fr', is_active: true, username: 'claire', mobile_no: '', profile_img: null, qualification: '', skills: '' }] });
    return json({ statusCode: 404, message: 'Ressource introuvable.' }, 404);
  });
}

describe('/admin-users', () => {
  beforeEach(() => startSession('admin', { id: 1, username: 'admin', access: 'a1', refresh: 'r1' }));

  it("shows 'Gestion des Étudiants', the total, 10 per page, the formation with its '+N' badge, and searches from page 1", async () => {
    server();
    renderApp('/admin-users');
    expect(await screen.findByRole('heading', { level: 1, name: 'Gestion des Étudiants' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('students-total')).toHaveTextContent('13 étudiants'));
    const table = screen.getByTestId('students-table');
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(10);
    const lea = within(table).getAllByRole('row')[1]!;
    expect(lea).toHaveTextContent('Léa Dubois@léa.dubois');
    expect(lea).toHaveTextContent('Bureautique+2');
    expect(within(lea).getByLabelText('Excel avancé, Word')).toBeInTheDocument();
    expect(lea).toHaveTextContent('05/01/2026 → 30/06/2026');
    expect(lea).toHaveTextContent('Actif');

    await userEvent.click(within(table.closest('.ant-table-wrapper') as HTMLElement).getByTitle('2'));
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(3);
    await userEvent.type(screen.getByRole('textbox', { name: 'Rechercher un étudiant' }), 'LEA');
    const rows = within(screen.getByTestId('students-table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent?.includes('Léa Dubois'))).toEqual([true]);
  });

  it('lays out the spec\'s nine columns at fixed widths, long texts ending in « … » with their tooltip, « Dates non renseignées » without dates', async () => {
    const long = record(30, 'Marie-Charlotte', 'de La Rochefoucauld-Montbazon', { email: 'marie-charlotte.delarochefoucauld@exemple-entreprise.fr', date_entree: null, date_sortie: null });
    server(undefined, [long, LEA]);
    renderApp('/admin-users');
    const table = await screen.findByTestId('students-table');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['N°', 'Nom complet', 'Email', 'Téléphone', 'N° de dossier', 'Formation', 'Période', 'Statut', 'Actions']);
    expect(table.querySelector('table')).toHaveStyle({ tableLayout: 'fixed' });
    const widths = [...table.querySelectorAll('colgroup col')].map((col) => (col as HTMLElement).style.width);
    expect(widths).toEqual(['44px', '160px', '170px', '116px', '96px', '120px', '100px', '84px', '96px']);
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('marie-charlotte.delarochefoucauld@exemple-entreprise.fr')).toHaveAttribute('title', 'marie-charlotte.delarochefoucauld@exemple-entreprise.fr');
    expect(within(row).getByText('Marie-Charlotte de La Rochefoucauld-Montbazon')).toHaveClass('students-ellipsis');
    expect(row).toHaveTextContent('Dates non renseignées');
    expect(row).not.toHaveTextContent('- → -');
    expect(within(row).getByRole('button', { name: /Exporter Marie-Charlotte/ })).toBeInTheDocument();
  });

  it('keeps the name, the status and the actions on a phone (the detail page shows the rest)', async () => {
    atPhoneWidth();
    server(undefined, [LEA]);
    renderApp('/admin-users');
    const table = await screen.findByTestId('students-table');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Nom complet', 'Statut', 'Actions']);
    expect(within(table).getByRole('button', { name: 'Exporter Léa Dubois vers Excel' })).toBeInTheDocument();
  });

  it("suspends after 'Oui, suspendre', which also closes the student's sessions", async () => {
    let active = true;
    const { calls } = server((request) => {
      if (request.path === '/student/20/toggle-active/') {
        active = !active;
        return json({ success: true, is_active: active });
      }
      if (request.path === '/blacklist-user-tokens/20/') return json({ success: true });
      if (request.path === '/admin/students/full-data/') return json([{ ...LEA, is_active: active }]);
      return undefined;
    });
    renderApp('/admin-users');
    await userEvent.click(await screen.findByRole('button', { name: 'Suspendre : Léa Dubois' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Suspendre le compte de Léa Dubois ?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Oui, suspendre' }));
    expect(await screen.findByText('Le compte de Léa Dubois est suspendu.')).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toEqual(expect.arrayContaining(['/student/20/toggle-active/', '/blacklist-user-tokens/20/']));
    expect(await screen.findByRole('button', { name: 'Réactiver : Léa Dubois' })).toBeInTheDocument();
  });

  it("says 'Erreur lors de la mise à jour du statut.' when the toggle fails", async () => {
    server((request) => (request.path === '/student/20/toggle-active/' ? json({ message: 'Erreur' }, 500) : undefined), [LEA]);
    renderApp('/admin-users');
    await userEvent.click(await screen.findByRole('button', { name: 'Suspendre : Léa Dubois' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Oui, suspendre' }));
    expect(await screen.findByText('Erreur lors de la mise à jour du statut.')).toBeInTheDocument();
  });

  it("creates a student with the welcome e-mail: 'Ajout en cours...', then 'Étudiant ajouté avec succès ! Un email de bienvenue a été envoyé.'", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { calls } = server((request) => {
      if (request.path !== '/students/') return undefined;
      return held.then(() => json({ ...record(30, 'Nina', 'Roux'), email_sent: true, message: 'Étudiant ajouté avec succès !' }, 201));
    });
    renderApp('/admin-users');
    await userEvent.click(await screen.findByRole('button', { name: /Nouvel Étudiant/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Prénom'), 'Nina');
    await userEvent.type(within(dialog).getByLabelText('Nom'), 'Roux');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'nina@exemple.fr');
    await userEvent.type(within(dialog).getByLabelText("Nom d'utilisateur LMS"), 'nina.roux');
    await userEvent.type(within(dialog).getByLabelText('Mot de passe'), 'un-mot-de-passe-solide');
    expect(within(dialog).getByRole('checkbox', { name: "Envoyer l'e-mail de bienvenue" })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(await within(dialog).findByRole('button', { name: /Ajout en cours\.\.\./ })).toBeInTheDocument();
    release();
    expect(await within(dialog).findByText('Étudiant ajouté avec succès ! Un email de bienvenue a été envoyé.')).toBeInTheDocument();
    const sent = calls.find((c) => c.path === '/students/')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ prenom: 'Nina', nom: 'Roux', email: 'nina@exemple.fr', nom_utilisateur_lms: 'nina.roux', send_welcome_email: true, user: { username: 'nina.roux', email: 'nina@exemple.fr', password: 'un-mot-de-passe-solide' } });
    // 2 s later the dialog closes (in jsdom antd's leaving animation never ends: its class says it).
    await waitFor(() => expect(dialog).toHaveClass('ant-zoom-leave'), { timeout: 5000 });
  }, 30_000);

  it('says the student was created but the e-mail could not leave, and shows a duplicate e-mail under its field', async () => {
    let first = true;
    server((request) => {
      if (request.path !== '/students/') return undefined;
      if (first) {
        first = false;
        return json({ statusCode: 409, message: 'Cette adresse e-mail est déjà utilisée.', errors: { email: ['Cette adresse e-mail est déjà utilisée.'] } }, 409);
      }
      return json({ ...record(31, 'Omar', 'Diallo'), email_sent: false, email_error: 'SMTP injoignable', message: 'Étudiant ajouté avec succès !' }, 201);
    });
    renderApp('/admin-users');
    await userEvent.click(await screen.findByRole('button', { name: /Nouvel Étudiant/ }));
    const dialog = await screen.findByRole('dialog');
    for (const [label, value] of [['Prénom', 'Omar'], ['Nom', 'Diallo'], ['Email', 'omar@exemple.fr'], ["Nom d'utilisateur LMS", 'omar.d'], ['Mot de passe', 'un-mot-de-passe-solide']] as const) {
      await userEvent.type(within(dialog).getByLabelText(label), value);
    }
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent("Une erreur est survenue lors de l'ajout de l'étudiant. Cette adresse e-mail est déjà utilisée.");
    expect(within(dialog).getAllByText('Cette adresse e-mail est déjà utilisée.').length).toBeGreaterThan(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(await within(dialog).findByText("Une erreur est survenue lors de l'ajout de l'étudiant. L'étudiant a été créé mais l'email n'a pas pu être envoyé.")).toBeInTheDocument();
  }, 30_000);

  it("exports every student the search matches from the server ('Export Excel'), one export at a time, then one row", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const xlsx = (name: string, rows: number, wait?: Promise<void>) =>
      new Response(
        new ReadableStream({
          async start(controller) {
            controller.enqueue(new Uint8Array(4096));
            await wait;
            controller.close();
          },
        }),
        { headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'content-disposition': `attachment; filename="${name}"`, 'x-export-rows': String(rows), 'x-export-estimated-bytes': '8192' } },
      );
    const { calls } = server((request) => {
      if (request.path === '/admin/exports/students/') return xlsx('Utilisateurs_LMS.xlsx', 1, held);
      if (request.path === '/admin/exports/students/20/') return xlsx('Utilisateur_léa.dubois.xlsx', 1);
      return undefined;
    });
    const created = vi.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    renderApp('/admin-users');
    await screen.findByTestId('students-table');
    await userEvent.type(screen.getByRole('textbox', { name: 'Rechercher un étudiant' }), 'Léa');
    await userEvent.click(screen.getByRole('button', { name: /Export Excel/ }));
    const status = await screen.findByTestId('export-progress');
    expect(status).toHaveTextContent('1 ligne, 4 Ko reçus');
    // Half of the server's estimate has arrived.
    expect(within(status).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByRole('button', { name: 'Exporter Léa Dubois vers Excel' })).toBeDisabled();
    expect(calls.find((c) => c.path === '/admin/exports/students/')!.query.get('search')).toBe('Léa');
    await act(async () => release());
    expect(await screen.findByText('Export Excel généré avec succès !')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('export-progress')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Exporter Léa Dubois vers Excel' }));
    await waitFor(() => expect(created).toHaveBeenCalledTimes(2));
    expect(calls.filter((c) => c.path.startsWith('/admin/exports/')).map((c) => c.path)).toEqual(['/admin/exports/students/', '/admin/exports/students/20/']);
  }, 20_000);

  it("says when an export is refused, and the list stays usable", async () => {
    server((request) => (request.path === '/admin/exports/students/' ? json({ statusCode: 403, message: 'Accès réservé aux administrateurs.' }, 403) : undefined));
    renderApp('/admin-users');
    await screen.findByTestId('students-table');
    await userEvent.click(screen.getByRole('button', { name: /Export Excel/ }));
    expect(await screen.findByText('Accès réservé aux administrateurs.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Export Excel/ })).toBeEnabled();
  });
});
