// Reads a PDF back the way a person would: how many pages it has (pdfinfo), its text in reading
// layout (pdftotext; pages are separated by form feeds), and its bookmarks (pdftohtml's outline),
// all from Debian's poppler-utils.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function withPdfFile<T>(pdf: Buffer, read: (file: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'clearlane-pdf-'));
  try {
    const file = join(dir, 'document.pdf');
    writeFileSync(file, pdf);
    return read(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function readPdf(pdf: Buffer): { pages: number; text: string } {
  return withPdfFile(pdf, (file) => {
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    const pages = Number(/^Pages:\s+(\d+)$/m.exec(info)?.[1]);
    return { pages, text: execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }) };
  });
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The top-level bookmarks: each title and the (1-based) page it opens. */
export function readPdfOutline(pdf: Buffer): { title: string; page: number }[] {
  return withPdfFile(pdf, (file) => {
    // -l 1: the outline is read whole; only the pages' text is limited to the first.
    const xml = execFileSync('pdftohtml', ['-xml', '-i', '-stdout', '-q', '-l', '1', file], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    return [...xml.matchAll(/<item page="(\d+)">([^<]*)<\/item>/g)].map(([, page, title]) => ({
      page: Number(page),
      title: title!.replace(/&(\w+);/g, (entity, name: string) => XML_ENTITIES[name] ?? entity),
    }));
  });
}
