import { AccessibilityStatement } from './accessibility-statement.aggregate.js';
import { accessibilityStatus } from './accessibility-status.js';

const NOW = new Date('2026-11-27T09:00:00Z');
const TODAY = '2026-11-27';
const events = (statement: AccessibilityStatement) => statement.takeEvents().map((event) => event.payload);

describe('accessibilityStatus', () => {
  it('is « non conforme » without an audit, whatever the figures', () => {
    expect(accessibilityStatus({ auditDate: null, applicable: 50, met: 50 })).toEqual({ statut: 'non_conforme', taux: null });
    expect(accessibilityStatus({ auditDate: '2026-03-12', applicable: null, met: null })).toEqual({ statut: 'non_conforme', taux: null });
    expect(accessibilityStatus({ auditDate: '2026-03-12', applicable: 50, met: null })).toEqual({ statut: 'non_conforme', taux: null });
  });

  it('is « non conforme » under 50 %, « partiellement » from 50 % to under 100 %, « totalement » only at 100 %', () => {
    const at = (applicable: number, met: number) => accessibilityStatus({ auditDate: '2026-03-12', applicable, met });
    expect(at(50, 0)).toEqual({ statut: 'non_conforme', taux: 0 });
    expect(at(51, 25)).toEqual({ statut: 'non_conforme', taux: 49 });
    expect(at(50, 25)).toEqual({ statut: 'partiellement_conforme', taux: 50 });
    expect(at(53, 41)).toEqual({ statut: 'partiellement_conforme', taux: 77.3 });
    // 105 of 106 is 99.06 %: never rounded up to a « totalement ».
    expect(at(106, 105)).toEqual({ statut: 'partiellement_conforme', taux: 99 });
    expect(at(2001, 2000).statut).toBe('partiellement_conforme');
    expect(at(2001, 2000).taux).toBe(99.9);
    expect(at(53, 53)).toEqual({ statut: 'totalement_conforme', taux: 100 });
  });

  it('refuses figures that cannot be (met over applicable, none applicable): « non conforme »', () => {
    expect(accessibilityStatus({ auditDate: '2026-03-12', applicable: 10, met: 11 }).statut).toBe('non_conforme');
    expect(accessibilityStatus({ auditDate: '2026-03-12', applicable: 0, met: 0 }).statut).toBe('non_conforme');
  });
});

describe('AccessibilityStatement', () => {
  it('starts « non conforme », RGAA 4.1.2, nothing set', () => {
    const statement = new AccessibilityStatement();
    expect(statement.status).toBe('non_conforme');
    expect(statement.rgaa_version).toBe('4.1.2');
    expect(statement.updated_at).toBeNull();
  });

  it('records only what changed, texts and the e-mail as hashes, the status after and before, the server’s time', () => {
    const statement = new AccessibilityStatement();
    statement.change({
      audit_date: '2026-03-12', criteres_applicables: '53', criteres_conformes: 41, auditeur: ' Access  Conseil ', non_conformites: 'Vidéos sans sous-titres\r\nCaptcha',
      contact_email: 'accessibilite@horizon.fr', schema_pluriannuel_url: 'https://horizon.fr/schema.pdf', contact_formulaire: '/assistance',
    }, NOW, TODAY);
    const [payload] = events(statement);
    expect(payload).toMatchObject({
      statut: 'partiellement_conforme', statutAvant: 'non_conforme',
      changes: {
        auditDate: '2026-03-12', criteresApplicables: 53, criteresConformes: 41, schemaPluriannuelUrl: 'https://horizon.fr/schema.pdf', contactFormulaire: '/assistance',
        auditeurSha256: expect.stringMatching(/^[0-9a-f]{64}$/), nonConformitesSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        contactEmailSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    });
    expect(JSON.stringify(payload)).not.toMatch(/Access|Vidéos|accessibilite@/);
    expect(statement.auditeur).toBe('Access Conseil');
    expect(statement.non_conformites).toBe('Vidéos sans sous-titres\nCaptcha');
    expect(statement.updated_at).toEqual(NOW);
    // The same values again: nothing recorded, the date kept.
    statement.change({ audit_date: '2026-03-12', criteres_conformes: '41', auditeur: 'Access Conseil' }, new Date('2026-11-28T09:00:00Z'), '2026-11-28');
    expect(statement.takeEvents()).toEqual([]);
    expect(statement.updated_at).toEqual(NOW);
    // A change that keeps the status carries no « statutAvant ».
    statement.change({ technologies: 'HTML5, CSS, JavaScript, WAI-ARIA' }, NOW, TODAY);
    expect(events(statement)).toEqual([{ changes: { technologiesSha256: expect.any(String) }, statut: 'partiellement_conforme' }]);
    statement.change({ criteres_conformes: 53 }, NOW, TODAY);
    expect(events(statement)).toEqual([{ changes: { criteresConformes: 53 }, statut: 'totalement_conforme', statutAvant: 'partiellement_conforme' }]);
    // Clearing the audit brings it back to « non conforme ».
    statement.change({ audit_date: null, criteres_applicables: null, criteres_conformes: null }, NOW, TODAY);
    expect(statement.status).toBe('non_conforme');
  });

  it('refuses impossible figures, a future or broken date, bad links and e-mails in French, and changes nothing', () => {
    const statement = new AccessibilityStatement();
    statement.change({ audit_date: '2026-03-12', criteres_applicables: 53, criteres_conformes: 41 }, NOW, TODAY);
    statement.takeEvents();
    const refusals: [Parameters<AccessibilityStatement['change']>[0], string][] = [
      [{ criteres_conformes: 54 }, 'Le nombre de critères respectés ne peut pas dépasser le nombre de critères applicables.'],
      [{ criteres_applicables: 40 }, 'Le nombre de critères respectés ne peut pas dépasser le nombre de critères applicables.'],
      [{ criteres_applicables: 107 }, 'Le nombre de critères applicables doit être un nombre entier de 1 à 106.'],
      [{ criteres_applicables: 0 }, 'Le nombre de critères applicables doit être un nombre entier de 1 à 106.'],
      [{ criteres_conformes: 4.5 }, 'Le nombre de critères respectés doit être un nombre entier de 0 à 106.'],
      [{ criteres_conformes: 'beaucoup' }, 'Le nombre de critères respectés doit être un nombre entier de 0 à 106.'],
      [{ criteres_applicables: null }, 'Indiquez le nombre de critères applicables avant le nombre de critères respectés.'],
      [{ audit_date: null }, 'Indiquez la date de l’audit : sans audit, le site est « non conforme ».'],
      [{ audit_date: '2026-11-28' }, 'La date de l’audit ne peut pas être dans le futur.'],
      [{ audit_date: '2026-02-30' }, 'La date de l’audit doit être une date valide (AAAA-MM-JJ).'],
      [{ audit_date: '12/03/2026' }, 'La date de l’audit doit être une date valide (AAAA-MM-JJ).'],
      [{ rgaa_version: '5' }, 'La version du RGAA doit être l’une de : 4.1.2, 4.1.1, 4.1.'],
      [{ plan_action_url: 'javascript:alert(1)' }, 'Le lien du plan d’action annuel doit être une adresse web (https://…) ou une page du site (/…).'],
      [{ contact_formulaire: '//evil.example/x' }, 'Le lien du formulaire de contact doit être une adresse web (https://…) ou une page du site (/…).'],
      [{ contact_email: 'pas une adresse' }, 'L’adresse e-mail de contact n’est pas valide.'],
      [{ auditeur: 42 }, 'L’auditeur doit être du texte.'],
      [{ technologies: 'x'.repeat(1001) }, 'Les technologies utilisées ne doivent pas dépasser 1000 caractères.'],
    ];
    for (const [changes, message] of refusals) {
      expect(() => statement.change({ auditeur: 'Ne doit pas rester', ...changes }, NOW, TODAY)).toThrow(message);
    }
    expect(statement.auditeur).toBeNull();
    expect([statement.audit_date, statement.criteres_applicables, statement.criteres_conformes]).toEqual(['2026-03-12', 53, 41]);
    expect(statement.takeEvents()).toEqual([]);
  });
});
