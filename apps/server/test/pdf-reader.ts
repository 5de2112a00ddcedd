// Reads a PDF back the way a person would: how many pages it has (pdfinfo) and its text in
// reading layout (pdftotext), both from Debian's poppler-utils.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function readPdf(pdf: Buffer): { pages: number; text: string } {
  const dir = mkdtempSync(join(tmpdir(), 'clearlane-pdf-'));
  try {
    const file = join(dir, 'document.pdf');
    writeFileSync(file, pdf);
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    const pages = Number(/^Pages:\s+(\d+)$/m.exec(info)?.[1]);
    return { pages, text: execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
