// The business risk (inform) report as a document: the risk level and score first with what drove
// them, then the business as found and every finding, worst first.
import { DOCUMENT_LABELS } from '@clearlane/contract/labels';
import type { BusinessRiskAssessment } from '@clearlane/contract';
import { confidentialNote, findingsSection, notFoundBox, renderOrderDocument, riskLevelBox, type OrderDocumentMeta } from './order-document.ts';
import { keyValues, sectionTitle } from './pdf-kit.ts';

export const BUSINESS_RISK_TITLE = DOCUMENT_LABELS.businessRisk;

export function renderBusinessRiskPdf(meta: OrderDocumentMeta, report: BusinessRiskAssessment): Promise<Buffer> {
  const { business } = report;
  return renderOrderDocument(meta, {
    title: BUSINESS_RISK_TITLE,
    subject: `${business.name} (EIN ${business.ein})`,
    providerReference: report.providerReference,
    note: confidentialNote(meta),
    body: (doc, density) => {
      const found = report.result === 'BUSINESS_FOUND';
      if (found) riskLevelBox(doc, report, [], density);
      else notFoundBox(doc, 'Business not found', `No records matched ${business.name} (EIN ${business.ein}), so there is no risk level. Check the name and EIN, then order again.`, density);
      sectionTitle(doc, 'Business', density);
      keyValues(doc, [
        ['Name', business.name], ['EIN', business.ein],
        ['State', business.state], ['USDOT number', business.dotNumber ?? 'None'],
        ['Years in business', business.yearsInBusiness === null ? 'Unknown' : String(business.yearsInBusiness)], ['Assessment', report.definitionName],
      ], density);
      if (found) findingsSection(doc, report.findings, density);
    },
  });
}
