// What a bundle says about each of its reports outside the report itself: the line of the contents
// page or list, the PDF bookmark, and the entry's file name in a zip.
import { subjectName, type MvrReportInput } from '../mvr-report.ts';

/** One report of a bundle as its contents list it. */
export interface ContentsLine {
  orderId: string;
  subject: string;
  /** The adjudication's outcome; null when the order was not adjudicated. */
  outcome: string | null;
}

export const contentsLine = (input: MvrReportInput): ContentsLine => ({
  orderId: input.orderId,
  subject: subjectName(input.record),
  outcome: input.adjudication?.outcome ?? null,
});

/**
 * The last 8 hex digits of the order id. Order ids are UUIDv7, whose first digits are the time it was
 * created: the orders of one bulk sheet share them, while the last digits are random.
 */
export const orderIdTail = (orderId: string) => orderId.replace(/-/g, '').slice(-8);

/** The PDF bookmark of a report: who, which order, and the outcome when there is one. */
export const bookmarkTitle = (line: ContentsLine) =>
  `${line.subject} · order ${orderIdTail(line.orderId)}${line.outcome ? ` · ${line.outcome}` : ''}`;

/** ASCII letters and digits of `text`, accents dropped, runs of anything else as one '-'. */
function fileNamePart(text: string) {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
}

/**
 * Gives each report of a zip its file name, `Last-First-<order id tail>.<extension>`: safe on every
 * system (ASCII letters, digits and '-' only) and unique in the zip (a second report of the same
 * name, should two ever share the tail, gets `-2`, `-3`…).
 */
export class EntryFileNames {
  private readonly taken = new Set<string>();

  constructor(private readonly extension: string) {}

  next(input: MvrReportInput): string {
    const { firstName, lastName } = input.record.subject;
    const person = [lastName, firstName].map(fileNamePart).filter(Boolean).join('-') || 'report';
    const base = `${person}-${orderIdTail(input.orderId)}`;
    let name = `${base}.${this.extension}`;
    for (let copy = 2; this.taken.has(name); copy++) name = `${base}-${copy}.${this.extension}`;
    this.taken.add(name);
    return name;
  }
}
