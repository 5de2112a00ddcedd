// What stands between a claim and its publication (ClaimDetail.publishBlockers), in plain words: a
// field of the form named by the form's own titles ("Policy › Insurance company is required"), the
// reports by what is missing or which one is not complete yet.
import { fieldLabel, type JsonSchemaObject } from '@clearlane/contract/claim-form/claim-form';

export interface Blocker {
  path: string;
  message: string;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function blockerText(blocker: Blocker, schema: JsonSchemaObject | undefined): string {
  const { path, message } = blocker;
  if (path === 'orders' || path.startsWith('orders.')) return capitalised(message);
  if (path === 'status') return `The claim ${message}.`;
  if (path === 'formData' || path === '') return `The notice ${message}`;
  if (path.startsWith('formData.')) {
    const field = path.slice('formData.'.length);
    return `${schema ? fieldLabel(schema, field) : field} ${message}`;
  }
  return `${path} ${message}`;
}
