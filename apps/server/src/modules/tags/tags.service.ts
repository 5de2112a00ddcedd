// Tags of the caller's company. Reading them is part of viewing orders; defining them is part of
// managing orders.
import type { CreateTagBody, Tag } from '@clearlane/contract';
import type { Database } from '../../db/client.ts';
import { assertCan } from '../../access/guard.ts';
import type { Principal } from '../../access/principal.ts';
import { conflict } from '../../http/errors.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import * as repo from './tags.repository.ts';

export class TagsService {
  constructor(private readonly db: Database) {}

  async list(principal: Principal, options: { visibleOnly: boolean }): Promise<Tag[]> {
    assertCan(principal, 'view', 'Order');
    return repo.listCompanyTags(this.db, principal.companyId, options);
  }

  async create(principal: Principal, body: CreateTagBody): Promise<Tag> {
    assertCan(principal, 'manage', 'Order');
    return repo.insertTag(this.db, principal.companyId, body).catch((error: unknown) => {
      if (!isUniqueViolation(error)) throw error;
      throw conflict('TagAlreadyExists', `Your company already has a tag named "${body.name}".`, [{ path: 'body.name', message: 'is already a tag of this company' }]);
    });
  }
}
