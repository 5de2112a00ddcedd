// Businesses of the caller's company: the list, one business, adding one.
import { uuidv7 } from 'uuidv7';
import {
  BUSINESS_SORT_FIELDS, formatEin, type Business, type BusinessListFilter, type CreateBusinessBody, type Page, type UsStateCode,
} from '@clearlane/contract';
import type { Database } from '../../db/client.ts';
import { assertCan } from '../../access/guard.ts';
import type { Principal } from '../../access/principal.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { pageMeta } from '../../http/page-meta.ts';
import { sortTerms } from '../../http/list-params.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import * as repo from './businesses.repository.ts';

export interface ListBusinessesInput extends BusinessListFilter {
  page: number;
  size: number;
  sort?: string | string[];
}

function toBusiness(row: repo.BusinessRow): Business {
  return {
    ...row,
    ein: formatEin(row.ein),
    state: row.state as UsStateCode,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const businessAlreadyExists = (ein: string, existingId: string | undefined) =>
  conflict(
    'BusinessAlreadyExists',
    `A business with EIN ${formatEin(ein)} already exists${existingId ? ` (id ${existingId})` : ''}.`,
    [{ path: 'body.ein', message: 'belongs to another business of this company' }],
  );

export class BusinessesService {
  constructor(private readonly db: Database) {}

  async list(principal: Principal, input: ListBusinessesInput): Promise<Page<Business>> {
    assertCan(principal, 'view', 'Business');
    const terms = sortTerms(input.sort, BUSINESS_SORT_FIELDS);
    const { rows, ...counted } = await repo.listCompanyBusinesses(this.db, { companyId: principal.companyId, ...input, sort: terms });
    return {
      content: rows.map(toBusiness),
      page: pageMeta(input, counted),
    };
  }

  async get(principal: Principal, businessId: string): Promise<Business> {
    assertCan(principal, 'view', 'Business');
    const row = await repo.findCompanyBusiness(this.db, principal.companyId, businessId);
    if (!row) throw notFound('business');
    return toBusiness(row);
  }

  async create(principal: Principal, body: CreateBusinessBody): Promise<Business> {
    assertCan(principal, 'create', 'Business');
    const values: repo.BusinessValues = {
      name: body.name,
      ein: body.ein,
      dotNumber: body.dotNumber ?? null,
      state: body.state,
      addressLine: body.addressLine ?? null,
      city: body.city ?? null,
      postalCode: body.postalCode ?? null,
      phone: body.phone ?? null,
    };
    const existingId = await repo.findBusinessIdByEin(this.db, principal.companyId, values.ein);
    if (existingId) throw businessAlreadyExists(values.ein, existingId);
    // A concurrent request adding the same EIN races past the check above; the unique key decides.
    const row = await repo
      .insertBusiness(this.db, { ...values, id: uuidv7(), companyId: principal.companyId, createdBy: principal.userId })
      .catch(async (error: unknown) => {
        if (!isUniqueViolation(error)) throw error;
        throw businessAlreadyExists(values.ein, await repo.findBusinessIdByEin(this.db, principal.companyId, values.ein));
      });
    return toBusiness(row);
  }
}
