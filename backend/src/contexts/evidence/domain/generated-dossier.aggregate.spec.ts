import { ConflictError, NotFoundError } from '../../../shared-kernel/index.js';
import { GeneratedDossier } from './generated-dossier.aggregate.js';

const NOW = new Date('2026-03-02T08:00:00Z');
const given = (overrides: Partial<ConstructorParameters<typeof GeneratedDossier>[0]> = {}) =>
  new GeneratedDossier({
    scope: 'apprenant', studentId: 9, courseId: 5, studentIds: [9], filePath: '/media/dossiers/x.zip',
    zipSha256: 'a'.repeat(64), manifestSha256: 'b'.repeat(64), sizeBytes: 1234, now: NOW, by: { role: 'admin', profileId: 1 }, jobId: null, ...overrides,
  });

describe('GeneratedDossier', () => {
  it('records DossierGenerated with its ids and hashes', () => {
    const dossier = given();
    dossier.id = 4;
    expect(dossier.takeEvents()).toEqual([
      { type: 'DossierGenerated', payload: { dossierId: 4, scope: 'apprenant', studentId: 9, courseId: 5, studentIds: [9], zipSha256: 'a'.repeat(64), manifestSha256: 'b'.repeat(64), sizeBytes: 1234, generatedByRole: 'admin', generatedByProfileId: 1, jobId: null } },
    ]);
  });

  it('refuses a learner’s dossier that would hold someone else, and a malformed hash', () => {
    expect(() => given({ studentIds: [9, 10] })).toThrow(ConflictError);
    expect(() => given({ zipSha256: 'nope' })).toThrow(ConflictError);
  });

  it('records each download, and none once its file is deleted after the retention period', () => {
    const dossier = given();
    dossier.id = 4;
    dossier.takeEvents();
    dossier.downloaded({ role: 'teacher', profileId: 3 });
    expect(dossier.deleteFile(NOW)).toBe('/media/dossiers/x.zip');
    expect(dossier.deleteFile(NOW)).toBeNull();
    expect(dossier.takeEvents().map((e) => e.type)).toEqual(['DossierDownloaded', 'DossierFileDeleted']);
    expect(() => dossier.downloaded({ role: 'admin', profileId: 1 })).toThrow(NotFoundError);
    expect(dossier.takeEvents()).toEqual([]);
  });
});
