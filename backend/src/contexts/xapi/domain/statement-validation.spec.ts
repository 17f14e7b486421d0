// The statement format's small grammars (Data 4): what counts as an IRI, a UUID, a timestamp, a
// duration and a language tag, and the rules the API test does not list one by one.
import { isIri, isTimestamp, isUuid, validateStatement } from './statement-validation.js';
import { actorKey } from './agents.js';
import { canonicalJson } from '../contracts/xapi.events.js';

const base = () => ({ actor: { mbox: 'mailto:a@exemple.fr' }, verb: { id: 'http://adlnet.gov/expapi/verbs/attempted' }, object: { id: 'https://exemple.fr/a' } });
const refused = (statement: object) => expect(() => validateStatement(statement)).toThrow();
const accepted = (statement: object) => expect(() => validateStatement(statement)).not.toThrow();

describe('grammars', () => {
  it('reads IRIs, UUIDs and timestamps as xAPI writes them', () => {
    expect(['http://exemple.fr', 'urn:uuid:1', 'https://exemple.fr/é?x=1#y', 'mailto:a@b.fr'].map(isIri)).toEqual([true, true, true, true]);
    expect(['exemple.fr', 'not an iri', '/relative', ''].map(isIri)).toEqual([false, false, false, false]);
    expect(isUuid('1f5a2c3e-7b9d-4e2f-8a6b-0c1d2e3f4a5b')).toBe(true);
    expect(isUuid('1f5a2c3e7b9d4e2f8a6b0c1d2e3f4a5b')).toBe(false);
    expect(['2026-11-23T10:00:00Z', '2026-11-23T10:00:00.123+01:00', '2026-11-23T10:00Z', '2026-11-23T10:00:00+0100'].map(isTimestamp)).toEqual([true, true, true, true]);
    expect(['2026-13-01T10:00:00Z', '2026-11-23', '2026-11-23T25:00:00Z', '2026-11-23T10:00:00-00:00', 'hier'].map(isTimestamp)).toEqual([false, false, false, false, false]);
  });

  it('takes ISO 8601 durations and RFC 5646 language tags', () => {
    for (const duration of ['PT1H30M', 'P1D', 'PT0.5S', 'P2W', 'P1Y2M3DT4H5M6S']) accepted({ ...base(), result: { duration } });
    for (const duration of ['P', 'PT', '1H', 'PT1.5', 'P1DT']) refused({ ...base(), result: { duration } });
    for (const tag of ['fr', 'fr-FR', 'zh-Hant-TW', 'en-US-x-private', 'und']) accepted({ ...base(), verb: { id: 'https://exemple.fr/v', display: { [tag]: 'x' } } });
    for (const tag of ['fr_FR', '12', '', 'français']) refused({ ...base(), verb: { id: 'https://exemple.fr/v', display: { [tag]: 'x' } } });
  });
});

describe('rules', () => {
  it('accepts a SubStatement, a StatementRef, an anonymous group and the OAuth authority pair', () => {
    accepted({ ...base(), object: { objectType: 'SubStatement', ...base() } });
    accepted({ ...base(), object: { objectType: 'StatementRef', id: '1f5a2c3e-7b9d-4e2f-8a6b-0c1d2e3f4a5b' } });
    accepted({ ...base(), actor: { objectType: 'Group', member: [{ mbox: 'mailto:b@exemple.fr' }] } });
    accepted({ ...base(), authority: { objectType: 'Group', member: [{ account: { homePage: 'https://app.fr', name: 'app' } }, { mbox: 'mailto:u@exemple.fr' }] } });
  });

  it('refuses a SubStatement carrying what only a statement has, and context.platform beside a non-activity object', () => {
    refused({ ...base(), object: { objectType: 'SubStatement', ...base(), stored: '2026-11-23T10:00:00Z' } });
    refused({ ...base(), object: { objectType: 'StatementRef', id: '1f5a2c3e-7b9d-4e2f-8a6b-0c1d2e3f4a5b' }, context: { platform: 'web' } });
    refused({ ...base(), object: { id: 'https://exemple.fr/a', definition: { interactionType: 'choice', correctResponsesPattern: [1] } } });
    refused({ ...base(), result: { score: { min: 5, max: 1 } } });
  });
});

describe('agents and canonical form', () => {
  it('keys an agent by its identifier, case-insensitive for mailboxes; sorts keys at every level', () => {
    expect(actorKey({ mbox: 'mailto:Lea@Exemple.fr' })).toBe(actorKey({ name: 'Léa', mbox: 'mailto:lea@exemple.fr' }));
    expect(actorKey({ account: { homePage: 'https://lms.fr', name: '12' } })).toBe('account:https://lms.fr|12');
    expect(actorKey({ objectType: 'Group', member: [] })).toBeNull();
    expect(canonicalJson({ b: 1, a: { d: [2, { f: 1, e: 0 }], c: 'x' } })).toBe('{"a":{"c":"x","d":[2,{"e":0,"f":1}]},"b":1}');
  });
});
