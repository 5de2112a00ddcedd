import type { CurrentUser } from '@clearlane/contract/users';

export const testUser = (overrides: Partial<CurrentUser> = {}): CurrentUser => ({
  id: 'user-1',
  email: 'ada@acme.test',
  firstName: 'Ada',
  lastName: 'Admin',
  companyId: 'company-1',
  companyName: 'Acme Logistics',
  companies: [],
  roles: [{ name: 'Viewer', permissions: [{ action: 'view', subject: 'Order' }] }],
  tenantIdentifier: 'acme',
  groups: ['Viewer'],
  phoneNumber: null,
  mfa: { totpEnabled: false, smsEnabled: false },
  ...overrides,
});
