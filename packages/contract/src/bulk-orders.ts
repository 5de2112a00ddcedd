// Bulk MVR orders from a sheet (SPEC.md "POST /orders" multipart): the columns of the template,
// the limits, what a valid upload answers and how an invalid one lists its problems row by row.
// Each row is checked with the same schema as a single MVR order (CreateMvrOrderBodySchema), so a
// row's messages read like the order form's; columns of fixed values name them as typed in a cell.
import { TEXAS_RECORD_TYPE_LABELS } from './labels.ts';
import { z } from 'zod';
import { DEFAULT_TEXAS_RECORD_TYPE, TEXAS_RECORD_TYPES } from './domain/mvr.ts';
import { CreateMvrOrderBodySchema, CreateMvrOrderQuerySchema, PERMISSIBLE_PURPOSES, type CreateMvrOrderBody } from './orders.ts';
import { UsStateCodeSchema } from './persons.ts';

/** Limits of one upload; each one broken is answered with a problem naming it. */
export const BULK_ORDER_LIMITS = {
  /** The uploaded file itself. */
  maxFileBytes: 5 * 1024 * 1024,
  /** Data rows, the header not counted. */
  maxRows: 10_000,
  /** An XLSX is a zip: the sum of its entries' uncompressed sizes, read before anything is inflated. */
  maxUnpackedBytes: 50 * 1024 * 1024,
  /** rowErrors lists at most this many; rowErrorCount tells how many there were in all. */
  maxListedRowErrors: 1_000,
  /** A cell's value is quoted back in an error up to this many characters. */
  maxQuotedValueLength: 100,
} as const;

export const BULK_ORDER_FILE_FORMATS = ['xlsx', 'csv'] as const;
export type BulkOrderFileFormat = (typeof BULK_ORDER_FILE_FORMATS)[number];

export const BULK_ORDER_CONTENT_TYPES: Record<BulkOrderFileFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
};

/** The `code` of each problem an upload can be answered with, besides the usual ones. */
export const BULK_ORDER_PROBLEM_CODES = {
  /** 422: the sheet's contents (headers, rows, a CSV cell whose quoting breaks off); see rowErrors. */
  sheetInvalid: 'BulkSheetInvalid',
  /** 413: the file is over maxFileBytes. */
  fileTooLarge: 'BulkFileTooLarge',
  /** 413: more than maxRows order rows. */
  tooManyRows: 'BulkSheetTooManyRows',
  /** 413: the XLSX would unpack to more than maxUnpackedBytes. */
  unpackedTooLarge: 'BulkSheetUnpackedTooLarge',
  /** 415: not an .xlsx or .csv file, or not really one. */
  unsupportedFile: 'BulkFileTypeUnsupported',
  /** 403: the company does not have the bulk-orders plugin. */
  pluginDisabled: 'PluginNotEnabled',
} as const;

/** The multipart field the sheet arrives in. */
export const BULK_ORDER_FILE_FIELD = 'file';

export const BULK_MVR_COLUMN_KEYS = [
  'firstName', 'middleName', 'lastName', 'dateOfBirth', 'licenceNumber', 'licenceState',
  'permissiblePurpose', 'texasRecordType', 'externalReference', 'tags',
] as const;
export type BulkMvrColumnKey = (typeof BULK_MVR_COLUMN_KEYS)[number];

export interface BulkMvrColumn {
  key: BulkMvrColumnKey;
  /** The header as the template has it; headers match ignoring case and spaces. */
  header: string;
  required: boolean;
  /** The template's example row. */
  example: string;
  description: string;
  /** Other spellings accepted in a header (US "License"). */
  aliases?: readonly string[];
}

// The code the sheet takes, with the name the portal and the MVR give it (labels.ts).
const TEXAS_TYPES_IN_WORDS = TEXAS_RECORD_TYPES.map((type) => `${type} (${TEXAS_RECORD_TYPE_LABELS[type]}${type === DEFAULT_TEXAS_RECORD_TYPE ? ', the default' : ''})`);

export const BULK_MVR_COLUMNS: readonly BulkMvrColumn[] = [
  { key: 'firstName', header: 'First name', required: true, example: 'Jane', description: 'The driver\'s first name as on the licence.' },
  { key: 'middleName', header: 'Middle name', required: false, example: 'Q', description: 'Middle name or initial, if any.' },
  { key: 'lastName', header: 'Last name', required: true, example: 'Public', description: 'The driver\'s last name as on the licence.' },
  { key: 'dateOfBirth', header: 'Date of birth', required: true, example: '1985-04-12', description: 'YYYY-MM-DD (MM/DD/YYYY and spreadsheet date cells are accepted too).' },
  { key: 'licenceNumber', header: 'Licence number', required: true, example: 'D1234560', description: 'As printed on the licence; spaces and hyphens are ignored.', aliases: ['License number'] },
  { key: 'licenceState', header: 'Licence state', required: true, example: 'CA', description: 'The two-letter code of the state that issued the licence.', aliases: ['License state'] },
  { key: 'permissiblePurpose', header: 'Permissible purpose', required: true, example: 'WRITTEN_CONSENT', description: 'The DPPA permissible purpose code, e.g. WRITTEN_CONSENT or INSURANCE.' },
  { key: 'texasRecordType', header: 'Texas record type', required: false, example: '', description: `Texas licences only: ${TEXAS_TYPES_IN_WORDS.slice(0, -1).join(', ')} or ${TEXAS_TYPES_IN_WORDS.at(-1)}.` },
  { key: 'externalReference', header: 'External reference', required: false, example: 'EMP-0042', description: 'Your own reference for the order (at most 64 characters).' },
  { key: 'tags', header: 'Tags', required: false, example: 'new hire, fleet', description: 'Comma-separated tags to put on the order.' },
];

/** "Date of birth", " DATE  OF BIRTH " and "dateofbirth" are one header. */
export const normalizeBulkHeader = (header: string) => header.replace(/\s+/g, '').toLowerCase();

/** One problem of the sheet, where the user sees it. */
export const BulkRowErrorSchema = z.object({
  /** The sheet's row number as a spreadsheet shows it: the header is row 1, the first order row 2. */
  row: z.number().int(),
  /** The column's header label; empty for a problem of the whole row. */
  column: z.string(),
  /** The cell as typed, cut to BULK_ORDER_LIMITS.maxQuotedValueLength characters. */
  value: z.string(),
  message: z.string(),
});
export type BulkRowError = z.infer<typeof BulkRowErrorSchema>;

/** Extension members of the 422 problem with code BulkSheetInvalid. */
export const BulkSheetInvalidSchema = z.object({
  rowErrors: z.array(BulkRowErrorSchema),
  /** Every error found, including those beyond the listed ones. */
  rowErrorCount: z.number().int(),
});
export type BulkSheetInvalid = z.infer<typeof BulkSheetInvalidSchema>;

/** 201 of POST /orders with a sheet: the orders are placed, one per row, in one report group. */
export const BulkOrderResultSchema = z.object({
  reportGroupId: z.string().uuid(),
  totalOrders: z.number().int(),
  fileName: z.string(),
});
export type BulkOrderResult = z.infer<typeof BulkOrderResultSchema>;

export const BulkOrderQuerySchema = CreateMvrOrderQuerySchema;

export const BulkTemplateQuerySchema = z.object({
  format: z.enum(BULK_ORDER_FILE_FORMATS, { error: 'must be xlsx or csv' }).default('xlsx'),
});

/** A cell that a spreadsheet would run as a formula (OWASP CSV injection): = + - @ tab CR. */
export const looksLikeFormula = (text: string) => /^[=+\-@\t\r]/.test(text);

/** How a sheet we write holds such text: a leading quote keeps it literal in every spreadsheet. */
export const neutralizeFormula = (text: string) => (looksLikeFormula(text) ? `'${text}` : text);

const MDY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** MM/DD/YYYY becomes YYYY-MM-DD; anything else is left for the date schema to judge. */
export const normalizeBulkDate = (text: string) => {
  const match = MDY.exec(text.trim());
  if (!match) return text.trim();
  const [, month, day, year] = match as unknown as [string, string, string, string];
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
};

/** A row's cells by column key, as text (the server turns date cells into YYYY-MM-DD first). */
export type BulkMvrCells = Partial<Record<BulkMvrColumnKey, string>>;

const blankToUndefined = (text: string | undefined) => (text === undefined || text.trim() === '' ? undefined : text);

/** The single-order body a row stands for, before validation. */
export const bulkRowToOrderBody = (cells: BulkMvrCells) => {
  const tags = blankToUndefined(cells.tags)?.split(',').map((tag) => tag.trim()).filter((tag) => tag.length > 0);
  return {
    driver: {
      firstName: cells.firstName ?? '',
      middleName: blankToUndefined(cells.middleName),
      lastName: cells.lastName ?? '',
      dateOfBirth: normalizeBulkDate(cells.dateOfBirth ?? ''),
      licenceNumber: cells.licenceNumber ?? '',
      licenceState: (cells.licenceState ?? '').trim().toUpperCase(),
    },
    permissiblePurpose: (cells.permissiblePurpose ?? '').trim().toUpperCase(),
    texasRecordType: blankToUndefined(cells.texasRecordType)?.trim().toUpperCase(),
    mvrExternalReferenceId: blankToUndefined(cells.externalReference),
    tags: tags && tags.length > 0 ? tags : undefined,
  };
};

/** Which column a single-order issue path points at. */
const columnOfPath = (path: readonly PropertyKey[]): BulkMvrColumnKey | null => {
  const [first, second] = path;
  if (first === 'driver' && typeof second === 'string' && (BULK_MVR_COLUMN_KEYS as readonly string[]).includes(second)) return second as BulkMvrColumnKey;
  if (first === 'mvrExternalReferenceId') return 'externalReference';
  if (first === 'permissiblePurpose' || first === 'texasRecordType' || first === 'tags') return first;
  return null;
};

/** "A, B or C": allowed values the way a user reads and types them. */
const oneOf = (values: readonly string[]) => (values.length < 2 ? values.join('') : `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`);

/**
 * What a cell of a column with a fixed set of values must hold. The schema's own words either come
 * from zod ('Invalid option: expected one of "A"|"B"', JSON a user never types) or were written for
 * a form with a select (which has no empty-but-required case), so a sheet says it plainly here:
 * every allowed value as typed in the cell, and "is required" for an empty required cell.
 */
const ENUM_CELL_MESSAGES: Partial<Record<BulkMvrColumnKey, { empty?: string; wrong: string }>> = {
  licenceState: {
    empty: 'is required: the two-letter code of the state that issued the licence, e.g. CA or TX',
    wrong: 'must be the two-letter code of a US state or DC, e.g. CA or TX',
  },
  permissiblePurpose: {
    empty: `is required: one of the DPPA permissible purpose codes ${oneOf(PERMISSIBLE_PURPOSES)}`,
    wrong: `must be a DPPA permissible purpose code: ${oneOf(PERMISSIBLE_PURPOSES)}`,
  },
  texasRecordType: {
    wrong: `must be ${oneOf(TEXAS_RECORD_TYPES)}, or left empty for ${DEFAULT_TEXAS_RECORD_TYPE}`,
  },
};

/** The cell's problem in a sheet's words; the single-order schema's message when it already reads right. */
function cellMessage(column: BulkMvrColumnKey | null, issue: z.core.$ZodIssue, cells: BulkMvrCells): string {
  if (column === null) return issue.message;
  const enumMessages = ENUM_CELL_MESSAGES[column];
  if (enumMessages) return (cells[column] ?? '').trim() === '' && enumMessages.empty ? enumMessages.empty : enumMessages.wrong;
  if (column === 'tags') {
    // The cell holds several tags: a problem of one tag says so, and the count says what it counts.
    if (typeof issue.path[1] === 'number') return `each tag ${issue.message}`;
    if (issue.code === 'too_big') return `must hold at most ${String(issue.maximum)} tags, separated by commas`;
  }
  return issue.message;
}

export type BulkRowCheck =
  | { ok: true; order: CreateMvrOrderBody & { driver: NonNullable<CreateMvrOrderBody['driver']> } }
  | { ok: false; problems: { column: BulkMvrColumnKey | null; message: string }[] };

/**
 * One row checked as a single MVR order would be, plus the Texas rule the order service applies
 * (a record type for another state's licence is refused, not ignored).
 */
export const checkBulkMvrRow = (cells: BulkMvrCells): BulkRowCheck => {
  const body = bulkRowToOrderBody(cells);
  const parsed = CreateMvrOrderBodySchema.safeParse(body);
  const problems: { column: BulkMvrColumnKey | null; message: string }[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const column = columnOfPath(issue.path);
      problems.push({ column, message: cellMessage(column, issue, cells) });
    }
  }
  // Checked on the raw row so it is listed with the row's other problems, once the state is known.
  const state = body.driver.licenceState;
  if (body.texasRecordType && state !== 'TX' && UsStateCodeSchema.safeParse(state).success) {
    problems.push({ column: 'texasRecordType', message: `applies to Texas licences only; this licence is from ${state}` });
  }
  if (problems.length > 0 || !parsed.success) return { ok: false, problems };
  const order = parsed.data as CreateMvrOrderBody & { driver: NonNullable<CreateMvrOrderBody['driver']> };
  order.driver.firstName = keepProtection(cells.firstName, order.driver.firstName);
  order.driver.lastName = keepProtection(cells.lastName, order.driver.lastName);
  if (order.driver.middleName) order.driver.middleName = keepProtection(cells.middleName, order.driver.middleName);
  if (order.mvrExternalReferenceId) order.mvrExternalReferenceId = keepProtection(cells.externalReference, order.mvrExternalReferenceId);
  return { ok: true, order };
};

/**
 * A leading tab is how a user (or the program that wrote the sheet) keeps text from being taken for
 * a formula; the schemas trim it away as whitespace. In a free-text cell (a name, the external
 * reference) it is kept as typed, so the order holds what the sheet held. A leading apostrophe
 * needs nothing: it is not whitespace, and in CSV it is part of the text (in an XLSX, Excel keeps
 * it as the cell's quotePrefix style, not in the value, and the value is what we read).
 */
const keepProtection = (cell: string | undefined, parsed: string) => (cell?.startsWith('\t') && cell.trim() === parsed ? `\t${parsed}` : parsed);
