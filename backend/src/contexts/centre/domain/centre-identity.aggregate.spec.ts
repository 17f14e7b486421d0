import { CentreIdentity, LEGAL_REPRESENTATIVE } from './centre-identity.aggregate.js';

const changes = (identity: CentreIdentity) => identity.takeEvents().map((event) => event.payload.changes);

describe('CentreIdentity', () => {
  it('records only what changed, digits only for SIRET and NDA, and nothing for the same values', () => {
    const identity = new CentreIdentity();
    identity.change({ nom: ' Horizon  Compétences ', siret: '891 234 567 00008', nda: '11-75-12345-75' });
    expect(changes(identity)).toEqual([{ nom: 'Horizon Compétences', siret: '89123456700008', nda: '11751234575' }]);
    identity.change({ nom: 'Horizon Compétences', siret: '89123456700008' });
    expect(identity.takeEvents()).toEqual([]);
    expect(identity.version).toBe(1);
  });

  it('clears with null or blank text and leaves out what is undefined', () => {
    const identity = new CentreIdentity();
    identity.change({ lieu: 'Lyon', ville: 'Lyon' });
    identity.takeEvents();
    identity.change({ lieu: '  ', ville: undefined });
    expect(identity.lieu).toBeNull();
    expect(identity.ville).toBe('Lyon');
    expect(changes(identity)).toEqual([{ lieu: null }]);
  });

  it('sets the hours’ basis (measured active time by default), records it once, refuses another value in French and changes nothing', () => {
    const identity = new CentreIdentity();
    expect(identity.base_heures).toBe('temps_actif_mesure');
    identity.change({ base_heures: 'durees_declarees' });
    expect(changes(identity)).toEqual([{ baseHeures: 'durees_declarees' }]);
    identity.change({ base_heures: 'durees_declarees' });
    expect(identity.takeEvents()).toEqual([]);
    expect(() => identity.change({ nom: 'Horizon', base_heures: 'forfait' })).toThrow('La base des heures doit être');
    expect(identity.nom).toBeNull();
    expect(identity.base_heures).toBe('durees_declarees');
  });

  it('refuses a bad SIRET, NDA or postcode in French and changes nothing', () => {
    const identity = new CentreIdentity();
    expect(() => identity.change({ nom: 'A', siret: '89123456700009' })).toThrow('Ce SIRET n’est pas valide : sa clé de contrôle ne correspond pas.');
    expect(() => identity.change({ nda: '123' })).toThrow('Le numéro de déclaration d’activité doit comporter exactement 11 chiffres.');
    expect(() => identity.change({ code_postal: '750001' })).toThrow('Le code postal doit comporter exactement 5 chiffres.');
    expect(() => identity.change({ nom: 'x'.repeat(201) })).toThrow('Le nom du centre ne doit pas dépasser 200 caractères.');
    expect(identity.nom).toBeNull();
    expect(identity.takeEvents()).toEqual([]);
  });

  it('hashes the signatory’s name in the event and lists what documents still miss', () => {
    const identity = new CentreIdentity();
    expect(identity.missing).toEqual(['nom', 'siret', 'nda', 'adresse', 'signataire', 'qualite_signataire', 'lieu', 'logo', 'signature']);
    identity.change({ signataire_nom: 'Claire Dumas', signataire_qualite: LEGAL_REPRESENTATIVE, rue: '1 rue X', code_postal: '69002' });
    const [event] = changes(identity);
    expect(event.signataireNomSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(event)).not.toContain('Claire');
    expect(identity.missing).toEqual(['nom', 'siret', 'nda', 'adresse', 'lieu', 'logo', 'signature']);
  });

  it('sets and removes images by hash; the same image again and a removal of none record nothing', () => {
    const identity = new CentreIdentity();
    expect(identity.removeImage('logo')).toBeNull();
    expect(identity.setImage('logo', { path: '/media/centre/a.png', sha256: 'a'.repeat(64), contentType: 'image/png' })).toBeNull();
    expect(identity.setImage('logo', { path: '/media/centre/b.png', sha256: 'a'.repeat(64), contentType: 'image/png' })).toBeNull();
    expect(identity.logoPath).toBe('/media/centre/a.png');
    expect(identity.removeImage('logo')).toBe('/media/centre/a.png');
    expect(changes(identity)).toEqual([{ logo: { sha256: 'a'.repeat(64), contentType: 'image/png' } }, { logo: null }]);
    expect(identity.missing).toContain('logo');
  });
});
