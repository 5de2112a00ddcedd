// Claims follow their orders: when the fulfilment finishes orders, the claims they are attached to
// are settled in the same transaction (claim-settle.ts): the orders judged, the status moved on, and
// a claim asked to publish when possible published. Wired in main.ts as the fulfilment's listener.
import type { Database } from '../../db/client.ts';
import type { OrdersFinishedListener } from '../orders/orders.jobs.ts';
import { settleClaim } from './claim-settle.ts';
import * as repo from './claims.repository.ts';

/**
 * The listener. Each claim is settled in a savepoint of its own: a claim that cannot be settled
 * (logged for the operators) never keeps an order from finishing, and reading the claim settles
 * it again (ClaimsService.get). Claims are locked in id order, so two batches never deadlock.
 */
export function claimsFollowOrders(log: (message: string, error?: unknown) => void = () => {}): OrdersFinishedListener {
  return async (tx: Database, companyId: string, orderIds: string[]) => {
    for (const claimId of await repo.claimsOfOrders(tx, companyId, orderIds)) {
      try {
        await tx.transaction(async (savepoint) => {
          const claim = await repo.findClaim(savepoint, companyId, claimId, true);
          if (claim) await settleClaim(savepoint, claim);
        });
      } catch (error) {
        log(`claim ${claimId}: could not follow its finished orders`, error);
      }
    }
  };
}
