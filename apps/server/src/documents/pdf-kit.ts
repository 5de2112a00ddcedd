// Small layout helpers over pdfkit shared by every report: a header band, titled sections,
// key-value grids, tables that break across pages with their header repeated, and page footers.
import PDFDocument from 'pdfkit';

export type Doc = PDFKit.PDFDocument;

export interface Density {
  base: number; // body font size
  small: number;
  heading: number;
  gap: number; // space between sections
  rowPadding: number;
}

export const RELAXED: Density = { base: 10, small: 8.5, heading: 13, gap: 16, rowPadding: 5 };
export const TIGHT: Density = { base: 8.5, small: 7.5, heading: 10.5, gap: 8, rowPadding: 2.5 };

const INK = '#1d2733';
const MUTED = '#4a5563';
const RULE = '#c9d1db';
const BAND = '#0b4397';

/**
 * pdfkit reads and parses a standard font's metrics file (AFM, ~100 KB of text) anew in every
 * document that uses the font: a third of the time of a one-page report, and what a zip of 1,000
 * reports spent most on (bench/bundles.ts). The parsed metrics never change and are only read, so
 * documents share them: AFMFont (not exported; reached through a font's instance) parses each file's
 * text once. Should a pdfkit upgrade move it, nothing is patched and documents parse as before.
 */
function shareParsedFontMetrics() {
  type AfmFields = Record<'attributes' | 'glyphWidths' | 'boundingBoxes' | 'kernPairs', unknown>;
  const probe = new PDFDocument({ autoFirstPage: false }).font('Helvetica') as unknown as { _font?: { font?: object } };
  const afmFont = probe._font?.font?.constructor as { prototype: { parse?: (this: AfmFields, contents: string) => void } } | undefined;
  const parse = afmFont?.prototype.parse;
  if (!afmFont || typeof parse !== 'function' || parse.length !== 1) return;
  const parsed = new Map<string, AfmFields>();
  afmFont.prototype.parse = function parseOnce(this: AfmFields, contents: string) {
    const known = parsed.get(contents);
    if (known) {
      Object.assign(this, known);
      return;
    }
    parse.call(this, contents);
    parsed.set(contents, { attributes: this.attributes, glyphWidths: this.glyphWidths, boundingBoxes: this.boundingBoxes, kernPairs: this.kernPairs });
  };
}
shareParsedFontMetrics();

/** `compress: false` only where the bytes are thrown away (a bundle's pass that counts pages). */
export function createDoc(title: string, subject: string, options: { compress?: boolean } = {}): Doc {
  return new PDFDocument({
    size: 'LETTER', margins: { top: 54, bottom: 60, left: 50, right: 50 }, bufferPages: true, compress: options.compress ?? true,
    info: { Title: title, Subject: subject, Author: 'Clearlane' },
  });
}

export function toBuffer(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

const contentWidth = (doc: Doc) => doc.page.width - doc.page.margins.left - doc.page.margins.right;
const bottomLimit = (doc: Doc) => doc.page.height - doc.page.margins.bottom;

export function ensureSpace(doc: Doc, height: number) {
  if (doc.y + height > bottomLimit(doc)) doc.addPage();
}

export interface HeaderBandLayout {
  top: number;
  height: number; // of the whole band
  title: { y: number; height: number };
  rows: { y: number; height: number }[];
  columns: { left: { x: number; width: number }; right: { x: number; width: number } };
}

const BAND_PADDING = 12;
const BAND_GUTTER = 12; // between a row's left and right text
const BAND_ROW_GAP = 3;

/**
 * Where the header band's text goes, measured before anything is drawn: a long permissible purpose,
 * company or subject name wraps onto more lines and the band grows to hold them, instead of running
 * out of the band's colour where white text cannot be read.
 */
export function headerBandLayout(doc: Doc, title: string, lines: { left: string; right: string }[], density: Density): HeaderBandLayout {
  const x = doc.page.margins.left;
  const width = contentWidth(doc);
  const inner = width - BAND_PADDING * 2;
  const columnWidth = (inner - BAND_GUTTER) / 2;
  const columns = { left: { x: x + BAND_PADDING, width: columnWidth }, right: { x: x + BAND_PADDING + columnWidth + BAND_GUTTER, width: columnWidth } };
  const top = doc.y;
  doc.font('Helvetica-Bold').fontSize(density.heading + 3);
  const titleBox = { y: top + BAND_PADDING, height: doc.heightOfString(title, { width: inner }) };
  doc.font('Helvetica').fontSize(density.small);
  let y = titleBox.y + titleBox.height + 4;
  const rows = lines.map((line) => {
    const height = Math.max(doc.heightOfString(line.left, { width: columns.left.width }), doc.heightOfString(line.right, { width: columns.right.width }));
    const row = { y, height };
    y += height + BAND_ROW_GAP;
    return row;
  });
  const bottom = rows.length > 0 ? y - BAND_ROW_GAP : y;
  return { top, height: bottom + BAND_PADDING - top, title: titleBox, rows, columns };
}

export function headerBand(doc: Doc, title: string, lines: { left: string; right: string }[], density: Density) {
  const x = doc.page.margins.left;
  const width = contentWidth(doc);
  const layout = headerBandLayout(doc, title, lines, density);
  doc.rect(x, layout.top, width, layout.height).fill(BAND);
  doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(density.heading + 3).text(title, x + BAND_PADDING, layout.title.y, { width: width - BAND_PADDING * 2 });
  doc.font('Helvetica').fontSize(density.small);
  lines.forEach((line, index) => {
    const { y } = layout.rows[index]!;
    doc.text(line.left, layout.columns.left.x, y, { width: layout.columns.left.width });
    doc.text(line.right, layout.columns.right.x, y, { width: layout.columns.right.width, align: 'right' });
  });
  doc.fillColor(INK);
  doc.y = layout.top + layout.height + density.gap;
  doc.x = x;
}

export function sectionTitle(doc: Doc, title: string, density: Density) {
  ensureSpace(doc, density.heading + density.base * 3);
  const x = doc.page.margins.left;
  doc.font('Helvetica-Bold').fontSize(density.heading).fillColor(INK).text(title, x, doc.y);
  const y = doc.y + 2;
  doc.moveTo(x, y).lineTo(x + contentWidth(doc), y).lineWidth(0.7).strokeColor(RULE).stroke();
  doc.y = y + density.rowPadding + 2;
}

/** Label/value pairs in `columns` columns. */
export function keyValues(doc: Doc, pairs: [string, string][], density: Density, columns = 2) {
  const x = doc.page.margins.left;
  const columnWidth = contentWidth(doc) / columns;
  for (let i = 0; i < pairs.length; i += columns) {
    const row = pairs.slice(i, i + columns);
    ensureSpace(doc, density.base * 2.6);
    const top = doc.y;
    let bottom = top;
    row.forEach(([label, value], column) => {
      const left = x + column * columnWidth;
      doc.font('Helvetica').fontSize(density.small).fillColor(MUTED).text(label, left, top, { width: columnWidth - 10 });
      doc.font('Helvetica-Bold').fontSize(density.base).fillColor(INK).text(value || '—', left, doc.y, { width: columnWidth - 10 });
      bottom = Math.max(bottom, doc.y);
    });
    doc.y = bottom + density.rowPadding;
  }
  doc.x = x;
  doc.y += density.gap / 2;
}

export interface Column {
  header: string;
  width: number; // fraction of the content width
  align?: 'left' | 'right' | 'center';
}

/** `rowDestinations`: the named destination (doc.addNamedDestination) each row links to, if any. */
export function table(doc: Doc, columns: Column[], rows: string[][], density: Density, emptyText: string, rowDestinations?: readonly string[]) {
  const x = doc.page.margins.left;
  const width = contentWidth(doc);
  const widths = columns.map((column) => column.width * width);
  const drawHeader = () => {
    const top = doc.y;
    doc.rect(x, top, width, density.small + density.rowPadding * 2 + 2).fill('#eef2f7');
    let left = x;
    doc.font('Helvetica-Bold').fontSize(density.small).fillColor(INK);
    columns.forEach((column, index) => {
      doc.text(column.header, left + 4, top + density.rowPadding + 1, { width: widths[index]! - 8, align: column.align ?? 'left', lineBreak: false });
      left += widths[index]!;
    });
    doc.y = top + density.small + density.rowPadding * 2 + 2;
  };
  if (rows.length === 0) {
    doc.font('Helvetica-Oblique').fontSize(density.base).fillColor(MUTED).text(emptyText, x, doc.y);
    doc.y += density.gap;
    doc.fillColor(INK);
    return;
  }
  ensureSpace(doc, (density.base + density.rowPadding * 2) * 2);
  drawHeader();
  doc.font('Helvetica').fontSize(density.base).fillColor(INK);
  for (const [rowIndex, row] of rows.entries()) {
    const height = Math.max(...row.map((cell, index) => doc.heightOfString(cell, { width: widths[index]! - 8 }))) + density.rowPadding * 2;
    if (doc.y + height > bottomLimit(doc)) {
      doc.addPage();
      drawHeader();
      doc.font('Helvetica').fontSize(density.base).fillColor(INK);
    }
    const top = doc.y;
    let left = x;
    row.forEach((cell, index) => {
      doc.text(cell, left + 4, top + density.rowPadding, { width: widths[index]! - 8, align: columns[index]!.align ?? 'left' });
      left += widths[index]!;
    });
    doc.moveTo(x, top + height).lineTo(x + width, top + height).lineWidth(0.4).strokeColor(RULE).stroke();
    const destination = rowDestinations?.[rowIndex];
    if (destination) doc.goTo(x, top, width, height, destination);
    doc.y = top + height;
  }
  doc.x = x;
  doc.y += density.gap;
}

/** How a verdict reads: good, bad, worth a look (caution) or neither. */
export type Tone = 'pass' | 'fail' | 'caution' | 'neutral';

/** A coloured verdict box: outcome and one line per rule. */
export function verdictBox(doc: Doc, title: string, tone: Tone, lines: string[], density: Density) {
  const colours = { pass: ['#e6f4ea', '#1e6b34'], fail: ['#fdecea', '#a1261b'], caution: ['#fff3dc', '#6b4200'], neutral: ['#eef2f7', '#33415c'] } as const;
  const [fill, ink] = colours[tone];
  const x = doc.page.margins.left;
  const width = contentWidth(doc);
  doc.font('Helvetica').fontSize(density.base);
  const height = density.heading + 14 + lines.reduce((sum, line) => sum + doc.heightOfString(line, { width: width - 24 }) + 2, 0);
  ensureSpace(doc, height + density.gap);
  const top = doc.y;
  doc.rect(x, top, width, height).fill(fill);
  doc.fillColor(ink).font('Helvetica-Bold').fontSize(density.heading).text(title, x + 12, top + 7, { width: width - 24 });
  doc.font('Helvetica').fontSize(density.base);
  for (const line of lines) doc.text(line, x + 12, doc.y + 2, { width: width - 24 });
  doc.fillColor(INK);
  doc.y = top + height + density.gap;
  doc.x = x;
}

/**
 * A one-line header on every page after the first (what, whose, which order), so that a page printed
 * and filed apart from the first still says what it belongs to; call once, after all content.
 */
export function runningHeaders(doc: Doc, text: string, density: Density) {
  const range = doc.bufferedPageRange();
  for (let i = range.start + 1; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const x = doc.page.margins.left;
    const width = contentWidth(doc);
    const y = doc.page.margins.top - 24;
    doc.font('Helvetica').fontSize(density.small - 0.5).fillColor(MUTED).text(text, x, y, { width, lineBreak: false, ellipsis: true });
    doc.moveTo(x, y + density.small + 3).lineTo(x + width, y + density.small + 3).lineWidth(0.5).strokeColor(RULE).stroke();
  }
  doc.fillColor(INK);
}

/** Where a document's pages sit in a bundle of documents: its first page's number there, and the bundle's page count. */
export interface BundlePages {
  firstPage: number;
  pageCount: number;
}

/**
 * Page "i of n" and a confidentiality line on every buffered page; call once, after all content.
 * In a bundle (`bundle` given) "i of n" stays the document's own, as on the document alone, and a
 * second line gives the bundle's page number, the one its contents page lists.
 */
export function footers(doc: Doc, note: string, density: Density, bundle?: BundlePages) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const x = doc.page.margins.left;
    const y = doc.page.height - doc.page.margins.bottom + 18;
    const width = contentWidth(doc);
    // Writing inside the bottom margin must not trigger pdfkit's automatic page break.
    const savedBottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(density.small - 0.5).fillColor(MUTED);
    doc.text(note, x, y, { width: width * 0.75, lineBreak: false });
    doc.text(`Page ${i - range.start + 1} of ${range.count}`, x + width * 0.75, y, { width: width * 0.25, align: 'right', lineBreak: false });
    if (bundle) {
      const page = bundle.firstPage + i - range.start;
      doc.text(`Bundle page ${page.toLocaleString('en-US')} of ${bundle.pageCount.toLocaleString('en-US')}`, x + width * 0.5, y + density.small + 2, { width: width * 0.5, align: 'right', lineBreak: false });
    }
    doc.page.margins.bottom = savedBottom;
  }
  doc.fillColor(INK);
}
