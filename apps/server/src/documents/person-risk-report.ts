// The person risk assessment as a document: the risk level and score first with what drove them,
// then the subject as ordered and every finding, worst first.
import { DOCUMENT_LABELS } from '@clearlane/contract/labels';
import type { PersonRiskAssessment } from '@clearlane/contract';
import { confidentialNote, findingsSection, notFoundBox, renderOrderDocument, riskLevelBox, type OrderDocumentMeta } from './order-document.ts';
import { keyValues, sectionTitle } from './pdf-kit.ts';

export const PERSON_RISK_TITLE = DOCUMENT_LABELS.personRisk;

export function renderPersonRiskPdf(meta: OrderDocumentMeta, report: PersonRiskAssessment): Promise<Buffer> {
  const { subject } = report;
  const name = `${subject.firstName} ${subject.lastName}`;
  return renderOrderDocument(meta, {
    title: PERSON_RISK_TITLE,
    subject: name,
    providerReference: report.providerReference,
    note: confidentialNote(meta),
    body: (doc, density) => {
      const found = report.result === 'SUBJECT_FOUND';
      if (found) riskLevelBox(doc, report, [report.identityVerified ? 'Identity verified.' : 'Identity NOT verified: the name and date of birth did not match one person.'], density);
      else notFoundBox(doc, 'Subject not found', `No records matched ${name}, born ${subject.dateOfBirth}, so there is no risk level. Check the name and date of birth, then order again.`, density);
      sectionTitle(doc, 'Subject', density);
      keyValues(doc, [
        ['Name', name], ['Date of birth', subject.dateOfBirth],
        ['State', subject.state], ['Identity verified', report.identityVerified ? 'Yes' : 'No'],
        ['Assessment', report.definitionName], ['Reported', report.reportedAt.slice(0, 10)],
      ], density);
      if (found) findingsSection(doc, report.findings, density);
    },
  });
}
