// The claim's changes, each answering the claim as it now is (ClaimDetail), which becomes the cached
// claim at once: POST /api/v1/claims (file), PUT /api/v1/claims/{id} (save the form data; editing a
// published claim starts an Update), PATCH /api/v1/claims/{id}/publish (the next snapshot; 409
// ClaimNotPublishable names what is missing), POST /api/v1/claims/{id}/{orderId} (attach an order
// and judge it with a ruleset) and DELETE /api/v1/claims/{id}/{orderId} (detach).
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AttachClaimOrderBody, ClaimDetail, CreateClaimBody, DetachClaimOrderBody, UpdateClaimBody } from '@clearlane/contract/claims';
import { api } from '../../http.ts';
import { mutationKeys, queryKeys } from '../../query-keys.ts';

const claimPath = (id: string) => `/api/v1/claims/${encodeURIComponent(id)}`;

export const createClaim = (body: CreateClaimBody) => api.post<ClaimDetail>('/api/v1/claims', body);

export const updateClaim = (id: string, body: UpdateClaimBody) => api.put<ClaimDetail>(claimPath(id), body);

export const publishClaim = (id: string) => api.patch<ClaimDetail>(`${claimPath(id)}/publish`);

export const attachClaimOrder = (id: string, orderId: string, body: AttachClaimOrderBody) => api.post<ClaimDetail>(`${claimPath(id)}/${encodeURIComponent(orderId)}`, body);

export const detachClaimOrder = (id: string, orderId: string, body: DetachClaimOrderBody = {}) => api.delete<ClaimDetail>(`${claimPath(id)}/${encodeURIComponent(orderId)}`, body);

/** The answer is the claim as it now is; its orders, snapshots and every list showing it are asked again. */
export function claimChanged(queryClient: QueryClient, claim: ClaimDetail): Promise<void> {
  queryClient.setQueryData(queryKeys.claims.detail(claim.id), claim);
  queryClient.setQueryData(queryKeys.claims.orders(claim.id), claim.orders);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.claims.lists }),
    queryClient.invalidateQueries({ queryKey: queryKeys.claims.snapshots(claim.id) }),
  ]).then(() => undefined);
}

export function useCreateClaim() {
  const queryClient = useQueryClient();
  return useMutation({ mutationKey: mutationKeys.claims.create, mutationFn: createClaim, onSuccess: (claim) => claimChanged(queryClient, claim) });
}

export function useUpdateClaim(id: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationKey: mutationKeys.claims.update(id), mutationFn: (body: UpdateClaimBody) => updateClaim(id, body), onSuccess: (claim) => claimChanged(queryClient, claim) });
}

export function usePublishClaim(id: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationKey: mutationKeys.claims.publish(id), mutationFn: () => publishClaim(id), onSuccess: (claim) => claimChanged(queryClient, claim) });
}

export interface AttachClaimOrderVariables extends AttachClaimOrderBody {
  orderId: string;
}

export function useAttachClaimOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.claims.attach(id),
    mutationFn: ({ orderId, ...body }: AttachClaimOrderVariables) => attachClaimOrder(id, orderId, body),
    onSuccess: (claim) => claimChanged(queryClient, claim),
  });
}

export interface DetachClaimOrderVariables extends DetachClaimOrderBody {
  orderId: string;
}

export function useDetachClaimOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.claims.detach(id),
    mutationFn: ({ orderId, ...body }: DetachClaimOrderVariables) => detachClaimOrder(id, orderId, body),
    onSuccess: (claim) => claimChanged(queryClient, claim),
  });
}
