// The vehicle (VIN) report as a document: the key findings first (title brands, theft, accidents,
// open recalls, an odometer that went backwards), then the vehicle, its titles, accidents, recalls
// and odometer readings.
import { DOCUMENT_LABELS } from '@clearlane/contract/labels';
import type { VehicleReport } from '@clearlane/contract';
import { confidentialNote, renderOrderDocument, titleCase, type OrderDocumentMeta } from './order-document.ts';
import { keyValues, sectionTitle, table, verdictBox, type Density, type Doc } from './pdf-kit.ts';

export const VEHICLE_REPORT_TITLE = DOCUMENT_LABELS.vehicle;

/** What a buyer or fleet manager must not miss, worst first; empty when the history is clean. */
export function vehicleKeyFindings(report: VehicleReport): string[] {
  return [
    report.theftRecord && 'Theft record on file.',
    ...report.titles.filter((title) => title.brand !== 'CLEAN').map((title) => `${titleCase(title.brand)} title (${title.state}, ${title.date}).`),
    report.odometerRollbackSuspected && 'Odometer rollback suspected: a later reading is lower than an earlier one.',
    ...report.accidents.map((accident) => `${titleCase(accident.severity)} accident on ${accident.date}: ${accident.description}.`),
    ...report.recalls.filter((recall) => !recall.remedied).map((recall) => `Open safety recall ${recall.campaign} (${recall.component}).`),
  ].filter((line): line is string => typeof line === 'string');
}

function keyFindings(doc: Doc, report: VehicleReport, density: Density) {
  if (report.result === 'NO_RECORDS_FOUND') {
    verdictBox(doc, 'No records found', 'neutral', ['The provider holds no title, accident, odometer or recall records for this VIN.'], density);
    return;
  }
  const findings = vehicleKeyFindings(report);
  if (findings.length === 0) verdictBox(doc, 'Key findings: none', 'pass', ['No branded title, theft, accident, open recall or odometer problem on record.'], density);
  else verdictBox(doc, `Key findings (${findings.length})`, 'fail', findings, density);
}

function vehicleSections(doc: Doc, report: VehicleReport, density: Density) {
  const { vehicle } = report;
  sectionTitle(doc, 'Vehicle', density);
  keyValues(doc, [
    ['VIN', report.vin], ['Model year', String(vehicle.modelYear)],
    ['Make', vehicle.make], ['Model', vehicle.model],
    ['Body', vehicle.bodyType], ['Vehicle type', vehicle.vehicleType],
    ['Region of manufacture', vehicle.region], ['Reported', report.reportedAt.slice(0, 10)],
  ], density);
  if (report.result === 'NO_RECORDS_FOUND') return;
  sectionTitle(doc, `Titles (${report.titles.length})`, density);
  table(doc, [{ header: 'Date', width: 0.25 }, { header: 'State', width: 0.25 }, { header: 'Brand', width: 0.5 }],
    report.titles.map((t) => [t.date, t.state, titleCase(t.brand)]), density, 'No titles on record.');
  sectionTitle(doc, `Accidents (${report.accidents.length})`, density);
  table(doc, [{ header: 'Date', width: 0.18 }, { header: 'Severity', width: 0.17 }, { header: 'Description', width: 0.65 }],
    report.accidents.map((a) => [a.date, titleCase(a.severity), a.description]), density, 'No accidents on record.');
  sectionTitle(doc, `Recalls (${report.recalls.length})`, density);
  table(doc, [{ header: 'Campaign', width: 0.14 }, { header: 'Date', width: 0.14 }, { header: 'Component', width: 0.18 }, { header: 'Summary', width: 0.42 }, { header: 'Remedied', width: 0.12 }],
    report.recalls.map((r) => [r.campaign, r.date, r.component, r.summary, r.remedied ? 'Yes' : 'No']), density, 'No recalls.');
  sectionTitle(doc, `Odometer readings (${report.odometer.length})`, density);
  table(doc, [{ header: 'Date', width: 0.25 }, { header: 'Miles', width: 0.25, align: 'right' }, { header: 'Source', width: 0.5 }],
    report.odometer.map((o) => [o.date, o.miles.toLocaleString('en-US'), o.source]), density, 'No odometer readings.');
}

export function renderVehiclePdf(meta: OrderDocumentMeta, report: VehicleReport): Promise<Buffer> {
  const { vehicle } = report;
  return renderOrderDocument(meta, {
    title: VEHICLE_REPORT_TITLE,
    subject: `VIN ${report.vin} (${vehicle.modelYear} ${vehicle.make} ${vehicle.model})`,
    providerReference: report.providerReference,
    note: confidentialNote(meta),
    body: (doc, density) => {
      keyFindings(doc, report, density);
      vehicleSections(doc, report, density);
    },
  });
}
