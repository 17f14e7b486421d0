import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/session';
import { CLAIRE, trainersServer } from '../../../test/admin-teachers-fixtures';
import { json, type FakeRequest } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';

const student = (id: number, fullname: string) => ({ id, fullname, email: `${fullname.toLowerCase().replace(/ /g, '.')}@exemple.fr`, username: fullname.toLowerCase().replace(/ /g, '.'), is_active: true, profile_img: null, interseted_categories: '' });

/** Claire follows Léa; twelve others are free. The two lists as the server pages them, 10 at a time. */
function studentsServer(fail?: (request: FakeRequest) => Response | undefined) {
  const everyone = [student(20, 'Léa Dubois'), ...Array.from({ length: 12 }, (_, i) => student(30 + i, `Élève ${String(i + 1).padStart(2, '0')}`))];
  const followed = new Set([20]);
  const base = `/formateur/${CLAIRE.id}`;
  return trainersServer((request) => {
    const failure = fail?.(request);
    if (failure) return failure;
    const side = /^\/formateur\/\d+\/students\/(assigned|unassigned)\/$/.exec(request.path)?.[1];
    if (side) {
      const search = (request.query.get('search') ?? '').toLowerCase();
      const page = Number(request.query.get('page') ?? '1');
      const list = everyone.filter((s) => followed.has(s.id) === (side === 'assigned') && s.fullname.toLowerCase().includes(search));
      return json({ count: list.length, next: null, previous: null, results: list.slice((page - 1) * 10, page * 10) });
    }
    if (request.method === 'POST' && request.path === `${base}/assign-student/`) {
      followed.add((request.body as { student_id: number }).student_id);
      return json({ bool: true }, 201);
    }
    const unassigned = new RegExp(`^${base}/unassign-student/(\\d+)/$`).exec(request.path);
    if (request.method === 'DELETE' && unassigned) {
      followed.delete(Number(unassigned[1]));
      return json({ bool: true });
    }
    return undefined;
  });
}

async function openStudents() {
  await userEvent.click(await screen.findByRole('button', { name: `Étudiants : ${CLAIRE.full_name}` }));
  const dialog = await screen.findByRole('dialog', { name: 'Étudiants de Claire Martin' });
  const assigned = within(dialog).getByTestId('teacher-students-assigned');
  const available = within(dialog).getByTestId('teacher-students-unassigned');
  return { dialog, assigned, available };
}

describe("/admin-teachers' students dialog", () => {
  beforeEach(() => startSession('admin', { id: 1, username: 'admin', access: 'a1', refresh: 'r1' }));

  it('lists the assigned and available students side by side, each paged by 10, and assigns or unassigns at once', async () => {
    const { calls } = studentsServer();
    renderApp('/admin-teachers');
    const { assigned, available } = await openStudents();
    expect(await within(assigned).findByRole('heading', { name: 'Étudiants assignés (1)' })).toBeInTheDocument();
    expect(await within(available).findByRole('heading', { name: 'Étudiants disponibles (12)' })).toBeInTheDocument();
    expect(within(assigned).getByText('Léa Dubois')).toBeInTheDocument();
    expect(within(available).getAllByRole('listitem')).toHaveLength(10);
    expect(within(assigned).getByText('Page 1 sur 1')).toBeInTheDocument();
    expect(within(available).getByText('Page 1 sur 2')).toBeInTheDocument();

    await userEvent.click(within(available).getByRole('button', { name: 'Page suivante' }));
    expect(await within(available).findByText('Page 2 sur 2')).toBeInTheDocument();
    await waitFor(() => expect(within(available).getAllByRole('listitem')).toHaveLength(2));

    await userEvent.click(within(available).getByRole('button', { name: 'Assigner Élève 12' }));
    expect(await screen.findByText('Élève 12 est assigné au formateur.')).toBeInTheDocument();
    expect(await within(assigned).findByRole('heading', { name: 'Étudiants assignés (2)' })).toBeInTheDocument();
    expect(await within(available).findByRole('heading', { name: 'Étudiants disponibles (11)' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ student_id: 41 });

    await userEvent.click(within(assigned).getByRole('button', { name: 'Retirer Léa Dubois' }));
    expect(await screen.findByText('Léa Dubois est retiré du formateur.')).toBeInTheDocument();
    expect(await within(assigned).findByRole('heading', { name: 'Étudiants assignés (1)' })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `/formateur/${CLAIRE.id}/unassign-student/20/`)).toBe(true);

    await userEvent.type(within(available).getByRole('textbox', { name: 'Rechercher parmi les étudiants disponibles' }), 'léa');
    expect(await within(available).findByRole('heading', { name: 'Étudiants disponibles (1)' })).toBeInTheDocument();
    expect(within(available).getByText('Page 1 sur 1')).toBeInTheDocument();
    const searched = calls.filter((c) => c.path.endsWith('/students/unassigned/')).at(-1)!;
    expect([searched.query.get('search'), searched.query.get('page')]).toEqual(['léa', '1']);
  }, 30_000);

  it("says 'Impossible d'assigner l'élève' and 'Impossible de retirer l'élève' when the server refuses", async () => {
    studentsServer((request) => (request.method !== 'GET' && request.path.includes('-student/') ? json({ statusCode: 500, message: 'Erreur' }, 500) : undefined));
    renderApp('/admin-teachers');
    const { assigned, available } = await openStudents();
    await userEvent.click(await within(available).findByRole('button', { name: 'Assigner Élève 01' }));
    expect(await screen.findByText(/^Impossible d'assigner l'élève/)).toBeInTheDocument();
    await userEvent.click(within(assigned).getByRole('button', { name: 'Retirer Léa Dubois' }));
    expect(await screen.findByText(/^Impossible de retirer l'élève/)).toBeInTheDocument();
  }, 20_000);
});
