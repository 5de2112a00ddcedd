// Drivers of the caller's company: the list, one driver, adding and replacing one.
import { uuidv7 } from 'uuidv7';
import {
  fullNameOf, PERSON_SORT_FIELDS, type CreatePersonBody, type MonitoringType, type Page, type Person, type PersonListFilter,
  type UpdatePersonBody, type UsStateCode,
} from '@clearlane/contract';
import type { Database } from '../../db/client.ts';
import { assertCan } from '../../access/guard.ts';
import type { Principal } from '../../access/principal.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { pageMeta } from '../../http/page-meta.ts';
import { sortTerms } from '../../http/list-params.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import * as repo from './persons.repository.ts';
import { enrolmentsOf, qualificationOf } from './driver-qualification.ts';

export interface ListPersonsInput extends PersonListFilter {
  page: number;
  size: number;
  sort?: string | string[];
}

/** A row of findCompanyPerson or the list as the API answers it. */
export function toPerson(row: repo.PersonRow): Person {
  return {
    id: row.id,
    firstName: row.firstName,
    middleName: row.middleName,
    lastName: row.lastName,
    fullName: fullNameOf(row),
    dateOfBirth: row.dateOfBirth,
    licenceNumber: row.licenceNumber,
    licenceState: row.licenceState as UsStateCode,
    email: row.email,
    phone: row.phone,
    externalId: row.externalId,
    monitoringTypes: row.monitoringTypes as MonitoringType[],
    licenceExpiresOn: row.licenceExpiresOn,
    medicalCertificateExpiresOn: row.medicalCertificateExpiresOn,
    monitoring: enrolmentsOf(row),
    qualification: qualificationOf(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A PUT replaces every field: an optional field left out is cleared. */
const valuesOf = (body: CreatePersonBody | UpdatePersonBody): repo.PersonValues => ({
  firstName: body.firstName,
  middleName: body.middleName || null,
  lastName: body.lastName,
  dateOfBirth: body.dateOfBirth,
  licenceNumber: body.licenceNumber,
  licenceState: body.licenceState,
  email: body.email ?? null,
  phone: body.phone ?? null,
  externalId: body.externalId ?? null,
  licenceExpiresOn: body.licenceExpiresOn ?? null,
  medicalCertificateExpiresOn: body.medicalCertificateExpiresOn ?? null,
});

const driverAlreadyExists = (licence: { licenceState: string; licenceNumber: string }, existingId: string | undefined) =>
  conflict(
    'DriverAlreadyExists',
    `A driver with ${licence.licenceState} licence ${licence.licenceNumber} already exists${existingId ? ` (id ${existingId})` : ''}.`,
    [{ path: 'body.licenceNumber', message: 'belongs to another driver of this company' }],
  );

export class PersonsService {
  constructor(private readonly db: Database) {}

  async list(principal: Principal, input: ListPersonsInput): Promise<Page<Person>> {
    assertCan(principal, 'view', 'Driver');
    const terms = sortTerms(input.sort, PERSON_SORT_FIELDS);
    const { rows, ...counted } = await repo.listCompanyPersons(this.db, { companyId: principal.companyId, ...input, sort: terms });
    return {
      content: rows.map(toPerson),
      page: pageMeta(input, counted),
    };
  }

  async get(principal: Principal, personId: string): Promise<Person> {
    assertCan(principal, 'view', 'Driver');
    return this.answer(principal.companyId, personId);
  }

  /**
   * The driver as the API answers it, qualification and enrolments included; 404 if the company has
   * no such driver. For other modules' answers (PATCH /person/{id}/monitoring) after their own check.
   */
  async answer(companyId: string, personId: string): Promise<Person> {
    const row = await repo.findCompanyPerson(this.db, companyId, personId);
    if (!row) throw notFound('driver');
    return toPerson(row);
  }

  async create(principal: Principal, body: CreatePersonBody): Promise<Person> {
    assertCan(principal, 'create', 'Driver');
    const values = valuesOf(body);
    const existingId = await repo.findPersonIdByLicence(this.db, principal.companyId, values);
    if (existingId) throw driverAlreadyExists(values, existingId);
    // Two requests adding the same licence race past the check above; the unique key decides.
    const id = uuidv7();
    await repo
      .insertPerson(this.db, { ...values, id, companyId: principal.companyId, createdBy: principal.userId })
      .catch(async (error: unknown) => {
        if (!isUniqueViolation(error)) throw error;
        throw driverAlreadyExists(values, await repo.findPersonIdByLicence(this.db, principal.companyId, values));
      });
    return this.answer(principal.companyId, id);
  }

  /** Replaces a driver's details (PUT). `create` covers `manage`: CASL's manage is any action. */
  async replace(principal: Principal, personId: string, body: UpdatePersonBody): Promise<Person> {
    assertCan(principal, 'create', 'Driver');
    if (!(await repo.personExists(this.db, principal.companyId, personId))) throw notFound('driver');
    const values = valuesOf(body);
    const holderId = await repo.findPersonIdByLicence(this.db, principal.companyId, values, personId);
    if (holderId) throw driverAlreadyExists(values, holderId);
    const updated = await repo.updateCompanyPerson(this.db, principal.companyId, personId, values).catch(async (error: unknown) => {
      if (!isUniqueViolation(error)) throw error;
      throw driverAlreadyExists(values, await repo.findPersonIdByLicence(this.db, principal.companyId, values, personId));
    });
    if (!updated) throw notFound('driver');
    return this.answer(principal.companyId, personId);
  }
}
