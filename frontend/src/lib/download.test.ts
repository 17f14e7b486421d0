import { afterEach, describe, expect, it, vi } from 'vitest';
import { attachmentName, refusalOf, saveBlob } from './download';

describe('attachmentName', () => {
  it('reads filename* first (UTF-8, accents), else filename, else the fallback', () => {
    expect(attachmentName(`attachment; filename="releve.pdf"; filename*=UTF-8''relev%C3%A9.pdf`, 'x')).toBe('relevé.pdf');
    expect(attachmentName('attachment; filename="dossier.zip"', 'x')).toBe('dossier.zip');
    expect(attachmentName(`attachment; filename*=UTF-8''%E0%A4%A`, 'x')).toBe('x');
    expect(attachmentName(null, 'secours.pdf')).toBe('secours.pdf');
  });
});

describe('refusalOf', () => {
  it('gives the server’s French message, else the fallback', async () => {
    expect(await refusalOf(new Response(JSON.stringify({ message: 'Document introuvable.' }), { status: 404 }), 'Échec')).toBe('Document introuvable.');
    expect(await refusalOf(new Response('<html>', { status: 502 }), 'Le téléchargement a échoué.')).toBe('Le téléchargement a échoué.');
  });
});

describe('saveBlob', () => {
  afterEach(() => vi.restoreAllMocks());

  it('clicks a download link named after the file and removes it', () => {
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    URL.createObjectURL = vi.fn(() => 'blob:essai');
    URL.revokeObjectURL = vi.fn();
    saveBlob(new Blob(['%PDF']), 'certificat.pdf');
    expect(clicked).toEqual(['certificat.pdf']);
    expect(document.querySelectorAll('a[download]')).toHaveLength(0);
  });
});
