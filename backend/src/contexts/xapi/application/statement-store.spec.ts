import { canonicalJson } from '../contracts/xapi.events.js';
import { canonicalStored } from './commands/store-statements.command.js';
import { activityParams, mergeDefinition } from './statement-store.sql.js';

type Obj = Record<string, unknown>;

/** The members of a statement as prepare() computes them before the writers' lock. */
function membersOf(received: Obj, authority: Obj, version: string): [string, string][] {
  const known: Obj = { ...received, authority, version };
  return Object.keys(known).map((key) => [key, `${JSON.stringify(key)}:${canonicalJson(known[key])}`]);
}

describe('canonicalStored', () => {
  const authority = { objectType: 'Agent', name: 'Fournisseur', account: { homePage: 'https://lms-formation.fr', name: 'credential/k' } };
  const stored = '2026-11-26T15:00:00.123Z';

  it('is canonicalJson of the statement as stored, with or without a timestamp sent, whatever the keys sent', () => {
    const sent: Obj[] = [
      { id: 'a', actor: { mbox: 'mailto:é@exemple.fr' }, verb: { id: 'https://v' }, object: { id: 'https://o' } },
      { zeta: 1, id: 'b', timestamp: '2026-01-01T00:00:00Z', actor: { name: 'Léa', mbox: 'mailto:l@exemple.fr' }, verb: { id: 'https://v' }, object: { id: 'https://o' }, result: { score: { scaled: 0.5 } } },
      { id: 'c', version: '1.0.3', storedX: 'x', sta: 2, verb: { id: 'https://v' }, actor: { mbox: 'mailto:c@exemple.fr' }, object: { id: 'https://o' } },
    ];
    for (const statement of sent) {
      const received = { ...statement };
      delete received.version;
      const version = (statement.version as string | undefined) ?? '1.0.0';
      const full = { ...received, timestamp: statement.timestamp ?? stored, stored, authority, version };
      expect(canonicalStored({ members: membersOf(received, authority, version), sent: statement }, stored)).toBe(canonicalJson(full));
    }
  });
});

describe('activity definitions of one batch', () => {
  it('merges as the upsert does: newest values, every language of the name and description kept', () => {
    expect(mergeDefinition({ name: { fr: 'Un' }, type: 'https://t/1', moreInfo: 'https://m' }, { name: { en: 'One' }, description: { en: 'D' }, type: 'https://t/2' })).toEqual({
      name: { fr: 'Un', en: 'One' },
      description: { en: 'D' },
      type: 'https://t/2',
      moreInfo: 'https://m',
    });
    expect(activityParams([['https://b', { name: { fr: 'B' } }], ['https://a', { name: { fr: 'A' } }], ['https://b', { name: { en: 'B' } }]])).toEqual([
      ['https://a', 'https://b'],
      [JSON.stringify({ name: { fr: 'A' } }), JSON.stringify({ name: { fr: 'B', en: 'B' } })],
    ]);
  });
});
