// The DOT quality report as CSV (GET /scores/dot/quality/report with Accept: text/csv): one row per
// carrier, the seven BASICs side by side, each with whose figure it is, so a spreadsheet keeps the
// source of every figure too.
import { BASIC_CODES, BASIC_NAMES, type CarrierReport, type DotQualityReport } from '@clearlane/contract';
import { csvFile } from '../../documents/csv.ts';

const text = (value: string | number | boolean | null | undefined) => (value === null || value === undefined ? '' : String(value));

const HEADER = [
  'DOT number', 'Legal name', 'Relationship', 'Label', 'Status', 'Provider', 'As of', 'Scored at',
  ...BASIC_CODES.flatMap((code) => [`${BASIC_NAMES[code]} percentile`, `${BASIC_NAMES[code]} threshold`, `${BASIC_NAMES[code]} status`, `${BASIC_NAMES[code]} measure`, `${BASIC_NAMES[code]} figures by`]),
  'Driver OOS %', 'Driver OOS national %', 'Vehicle OOS %', 'Vehicle OOS national %', 'Hazmat OOS %', 'Hazmat OOS national %', 'OOS order in force',
  'Safety rating', 'Allowed to operate', 'Required insurance on file',
];

function row(carrier: CarrierReport): string[] {
  const oos = carrier.outOfService;
  return [
    carrier.dotNumber, text(carrier.legalName), carrier.relationship, text(carrier.label), carrier.status, text(carrier.source), text(carrier.asOf), text(carrier.scoredAt),
    ...BASIC_CODES.flatMap((code) => {
      const basic = carrier.basics.find((candidate) => candidate.code === code);
      if (!basic) return ['', '', '', '', ''];
      const origins = [...new Set([basic.source.measure?.origin, basic.source.percentile?.origin].filter(Boolean))].join(' + ');
      return [text(basic.percentile), text(basic.threshold), basic.status, text(basic.measure), origins];
    }),
    text(oos?.driver.rate), text(oos?.driver.nationalAverage), text(oos?.vehicle.rate), text(oos?.vehicle.nationalAverage), text(oos?.hazmat.rate), text(oos?.hazmat.nationalAverage),
    oos ? (oos.orders.length > 0 ? 'yes' : 'no') : '',
    text(carrier.safetyRating?.rating), carrier.authority ? (carrier.authority.allowedToOperate ? 'yes' : 'no') : '', carrier.insurance ? (carrier.insurance.compliant ? 'yes' : 'no') : '',
  ];
}

export const reportCsv = (report: DotQualityReport): Buffer => csvFile([HEADER, ...report.carriers.map(row)]);
