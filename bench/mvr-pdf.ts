// Renders MVR reports as PDF and text and prints the time per report, reports per second and the
// ratio of the condensed to the standard PDF. Tune with BENCH_REPORTS (default 200).
//   node --import tsx bench/mvr-pdf.ts
import { DEFAULT_RULESET } from '@clearlane/contract';
import { adjudicate } from '../apps/server/src/adjudication/evaluate.ts';
import { renderMvrPdf, renderMvrText, type MvrReportFormat, type MvrReportInput } from '../apps/server/src/documents/mvr-report.ts';
import { buildRecord, type SandboxScenario } from '../apps/server/src/providers/mvr/sandbox-mvr-provider.ts';

const reports = Number(process.env.BENCH_REPORTS ?? 200);
const scenarios: SandboxScenario[] = ['CLEAN', 'MINOR_VIOLATION', 'MULTIPLE_MOVING_VIOLATIONS', 'MAJOR_VIOLATION', 'SUSPENDED_LICENCE'];

function inputs(count: number): MvrReportInput[] {
  const requestedAt = new Date();
  return Array.from({ length: count }, (_, index) => {
    const record = buildRecord(scenarios[index % scenarios.length]!, {
      idempotencyKey: `bench-order-${index}`, state: index % 7 === 0 ? 'TX' : 'CA', licenceNumber: `D${String(1_000_000 + index)}`,
      firstName: 'Dana', lastName: `Driver ${index}`, dateOfBirth: '1988-04-12', permissiblePurpose: 'EMPLOYMENT', requestedAt,
    });
    return { companyName: 'Acme Logistics', orderId: `order-${index}`, orderedAt: requestedAt, orderedBy: 'Aggie Agent', permissiblePurpose: 'Employment', record, adjudication: adjudicate(record, DEFAULT_RULESET) };
  });
}

async function measure(label: string, run: (input: MvrReportInput) => Promise<number>) {
  const all = inputs(reports);
  for (const input of all.slice(0, 10)) await run(input); // warm-up: fonts, JIT
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  let bytes = 0;
  for (const input of all) bytes += await run(input);
  const ms = performance.now() - started;
  const perReport = ms / reports;
  console.log(`${label.padEnd(30)} ${perReport.toFixed(2).padStart(7)} ms/report  ${(1000 / perReport).toFixed(0).padStart(6)} reports/s  ${(bytes / reports / 1024).toFixed(1).padStart(6)} KiB avg  heap Δ ${((process.memoryUsage().heapUsed - heapBefore) / 1048576).toFixed(1)} MiB`);
  return perReport;
}

const pdf = (format: MvrReportFormat) => async (input: MvrReportInput) => (await renderMvrPdf(input, format)).length;

console.log(`MVR report rendering, ${reports} reports each\n`);
const standard = await measure('standard PDF', pdf('MVR_STANDARD_REPORT'));
const condensed = await measure('condensed PDF', pdf('MVR_CONDENSED_REPORT'));
const text = await measure('condensed text', async (input) => renderMvrText(input).length);
console.log(`\nratio condensed ÷ standard PDF time: ${(condensed / standard).toFixed(2)}`);
console.log(`ratio text ÷ standard PDF time:      ${(text / standard).toFixed(3)}`);
