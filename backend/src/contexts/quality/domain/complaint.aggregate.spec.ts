import { createHash } from 'node:crypto';
import { ReflectMetadataProvider } from '@mikro-orm/decorators/legacy';
import { MikroORM } from '@mikro-orm/postgresql';
import { COMPLAINT_MESSAGES, COMPLAINT_TEXT_MAX, Complaint, ComplaintAnswer, checkVisitor } from './complaint.aggregate.js';

// The answers collection needs the ORM's metadata, not a database: discovered once, never connected.
let orm: MikroORM;
beforeAll(async () => {
  orm = await MikroORM.init({ entities: [Complaint, ComplaintAnswer], metadataProvider: ReflectMetadataProvider, dbName: 'unused' });
});
afterAll(async () => {
  await orm.close();
});

const RECEIVED = new Date('2026-11-23T09:00:00Z');
const LATER = new Date('2026-11-24T11:30:00Z');
const hash = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const refused = (kind: string, message: string, field?: string) => expect.objectContaining({ kind, message, ...(field ? { field } : {}) });
const visitor = { kind: 'visitor' as const, contact: { name: 'Claire Martin', email: 'claire.martin@exemple.fr', phone: null } };
const TEXT = 'Mon attestation de fin de formation n’est toujours pas arrivée, trois semaines après la fin.';

function filed(filer: Parameters<Complaint['file']>[0] = visitor): Complaint {
  const complaint = new Complaint('REC-ABCDEF', 'a1e0b6f2-5c7d-4f1e-9b0a-2d3c4e5f6a7b');
  complaint.id = 7;
  complaint.file(filer, { category: 'documents', courseId: 4 }, TEXT, RECEIVED);
  return complaint;
}

describe('Complaint', () => {
  it('is filed with its category and course, recording the text’s hash and length, not the text nor the visitor', () => {
    const complaint = filed();
    expect(complaint.status).toBe('recue');
    expect([complaint.visitorName, complaint.visitorEmail]).toEqual(['Claire Martin', 'claire.martin@exemple.fr']);
    const events = complaint.takeEvents();
    expect(events).toEqual([
      { type: 'ComplaintFiled', payload: { complaintId: 7, filerKind: 'visitor', filerId: null, category: 'documents', courseId: 4, sha256: hash(TEXT), length: [...TEXT].length } },
    ]);
    expect(JSON.stringify(events)).not.toMatch(/Claire|exemple|attestation/);
  });

  it('links a signed-in learner by their profile id', () => {
    const complaint = filed({ kind: 'student', id: 31 });
    expect(complaint.takeEvents()[0]!.payload).toMatchObject({ filerKind: 'student', filerId: 31 });
    expect(complaint.visitorEmail).toBeNull();
  });

  it('refuses an unknown category, a blank text and one over 5,000 characters, in French', () => {
    const complaint = new Complaint('REC-X', 'k');
    expect(() => complaint.file(visitor, { category: 'colère', courseId: null }, TEXT, RECEIVED)).toThrow(refused('invalid', COMPLAINT_MESSAGES.category, 'category'));
    expect(() => complaint.file(visitor, { category: 'autre', courseId: null }, '   ', RECEIVED)).toThrow(refused('invalid', COMPLAINT_MESSAGES.empty, 'message'));
    expect(() => complaint.file(visitor, { category: 'autre', courseId: null }, 'é'.repeat(COMPLAINT_TEXT_MAX + 1), RECEIVED)).toThrow(
      refused('invalid', 'La réclamation ne doit pas dépasser 5\u00a0000 caractères.', 'message'),
    );
    expect(complaint.hasPendingEvents).toBe(false);
    // 5,000 characters (not bytes) pass.
    complaint.file(visitor, { category: 'autre', courseId: null }, 'é'.repeat(COMPLAINT_TEXT_MAX), RECEIVED);
    expect(complaint.hasPendingEvents).toBe(true);
  });

  it('checks a visitor’s name, e-mail and optional phone', () => {
    expect(checkVisitor({ name: ' Claire ', email: ' c@exemple.fr ', phone: '' })).toEqual({ name: 'Claire', email: 'c@exemple.fr', phone: null });
    expect(checkVisitor({ name: 'Claire', email: 'c@exemple.fr', phone: '+33 6 12 34 56 78' }).phone).toBe('+33 6 12 34 56 78');
    expect(() => checkVisitor({ name: '', email: 'c@exemple.fr', phone: null })).toThrow(refused('invalid', COMPLAINT_MESSAGES.name, 'name'));
    expect(() => checkVisitor({ name: 'Claire', email: 'pas une adresse', phone: null })).toThrow(refused('invalid', COMPLAINT_MESSAGES.email, 'email'));
    expect(() => checkVisitor({ name: 'Claire', email: 'c@exemple.fr', phone: 'appelez-moi' })).toThrow(refused('invalid', COMPLAINT_MESSAGES.phone, 'phone'));
  });

  it('measures the handling time from reception to the first answer by the given clock, and moves to « en cours »', () => {
    const complaint = filed();
    complaint.takeEvents();
    const answer = complaint.answer(2, 'Votre attestation vous a été envoyée ce jour.', 'k-1', LATER);
    expect(complaint.handlingSeconds).toBe((LATER.getTime() - RECEIVED.getTime()) / 1000);
    expect(complaint.status).toBe('en_cours');
    const events = complaint.takeEvents();
    expect(events.map((e) => e.type)).toEqual(['ComplaintAnswered', 'ComplaintStatusChanged']);
    expect(events[0]!.payload).toMatchObject({ adminId: 2, handlingSeconds: 95_400, sha256: answer.sha256 });
    expect(events[1]!.payload).toEqual({ complaintId: 7, from: 'recue', to: 'en_cours', adminId: 2 });
    // A second answer keeps the first delay; the same key again records nothing.
    complaint.answer(2, 'Complément.', 'k-2', new Date(LATER.getTime() + 3_600_000));
    expect(complaint.handlingSeconds).toBe(95_400);
    expect(complaint.takeEvents()[0]!.payload).toMatchObject({ handlingSeconds: null });
    expect(complaint.answer(2, 'Autre texte', 'k-1', LATER)).toBe(answer);
    expect(complaint.hasPendingEvents).toBe(false);
  });

  it('moves through its statuses; the same one records nothing; once closed it takes no change', () => {
    const complaint = filed();
    complaint.takeEvents();
    expect(complaint.changeStatus('recue', 2, LATER)).toBe(false);
    expect(() => complaint.changeStatus('oubliee', 2, LATER)).toThrow(refused('invalid', COMPLAINT_MESSAGES.status, 'status'));
    expect(complaint.changeStatus('traitee', 2, LATER)).toBe(true);
    expect(complaint.treatedAt).toEqual(LATER);
    expect(complaint.recordAction(2, 'Envoi des attestations automatisé à la fin de chaque session.', LATER)).toBe(true);
    expect(complaint.recordAction(2, 'Envoi des attestations automatisé à la fin de chaque session.', LATER)).toBe(false);
    expect(complaint.changeStatus('close', 2, LATER)).toBe(true);
    expect(() => complaint.changeStatus('en_cours', 2, LATER)).toThrow(refused('conflict', COMPLAINT_MESSAGES.closed));
    expect(() => complaint.answer(2, 'Trop tard', 'k-9', LATER)).toThrow(refused('conflict', COMPLAINT_MESSAGES.closed));
    expect(complaint.takeEvents().map((e) => e.type)).toEqual(['ComplaintStatusChanged', 'ComplaintActionRecorded', 'ComplaintStatusChanged']);
  });

  it('erases a visitor’s contact once, keeping the facts; a signed-in filer has nothing to erase', () => {
    const complaint = filed();
    complaint.takeEvents();
    expect(complaint.eraseFilerData(LATER)).toBe(true);
    expect([complaint.visitorName, complaint.visitorEmail, complaint.visitorPhone]).toEqual([null, null, null]);
    expect([complaint.body, complaint.category, complaint.courseId]).toEqual([TEXT, 'documents', 4]);
    expect(complaint.eraseFilerData(LATER)).toBe(false);
    expect(complaint.takeEvents()).toEqual([{ type: 'ComplaintFilerDataErased', payload: { complaintId: 7, reason: 'retention' } }]);
    expect(filed({ kind: 'teacher', id: 5 }).eraseFilerData(LATER)).toBe(false);
  });
});
