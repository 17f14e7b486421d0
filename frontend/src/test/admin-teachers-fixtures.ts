import { json, stubFetch, type FakeRequest } from './fake-fetch';

/** A trainer as GET /formateur/ lists them. */
export const trainer = (id: number, prenom: string, nom: string, extra: Record<string, unknown> = {}) => {
  const username = `${prenom}.${nom}`.toLowerCase();
  const email = `${username}@exemple.fr`;
  return {
    id, prenom, nom, full_name: `${prenom} ${nom}`, email, username, telephone: '06 00 00 00 00', mobile_no: '06 00 00 00 00', calendly: '', is_active: true,
    profile_img: null, qualification: '', skills: '', user_read: { id: 500 + id, username, email },
    approval: 'accepted' as 'pending' | 'accepted' | 'refused', refusal_reason: null, registered_at: '2026-11-02T09:00:00.000Z', ...extra,
  };
};

export type FakeTrainer = ReturnType<typeof trainer>;

export const CLAIRE = trainer(3, 'Claire', 'Martin', { calendly: 'https://calendly.com/claire' });
export const SEVEN = [CLAIRE, ...Array.from({ length: 6 }, (_, i) => trainer(10 + i, `Formateur${i + 1}`, 'Test'))];

/**
 * The trainers' API as the server answers it: GET /formateur/ searched (names, e-mail) and paged by
 * 5; anything else goes to `handler` first, then 404.
 */
export function trainersServer(handler?: (request: FakeRequest) => Response | Promise<Response> | undefined, trainers: () => FakeTrainer[] = () => SEVEN) {
  return stubFetch((request) => {
    const own = handler?.(request);
    if (own) return own;
    if (request.method === 'GET' && request.path === '/formateur/') {
      const search = (request.query.get('search') ?? '').toLowerCase();
      const page = Number(request.query.get('page') ?? '1');
      // ?approval=pending: the requests of trainers waiting for the centre's decision (ADR 0030).
      const approval = request.query.get('approval');
      const matching = trainers().filter((t) => `${t.full_name} ${t.email}`.toLowerCase().includes(search) && (!approval || t.approval === approval));
      return json({ count: matching.length, next: null, previous: null, results: matching.slice((page - 1) * 5, page * 5) });
    }
    return json({ statusCode: 404, message: 'Ressource introuvable.' }, 404);
  });
}
