// The four order placements (the order forms, and a claim's "order and attach"): POST /api/v1/orders/create-mvr-order, /orders/vehicle/order,
// /orders/irr/order and /orders/bra/order. Each answers 201 with the new order; the order lists
// are refreshed so the new order shows up there at once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BraOrderBody, CreateMvrOrderBody, IrrOrderBody, Order, VehicleOrderBody } from '@clearlane/contract/orders';
import { api } from '../../http.ts';
import { mutationKeys, queryKeys } from '../../query-keys.ts';

export interface MvrOrderRequest {
  body: CreateMvrOrderBody;
  isAutoAdjudicated: boolean;
  ruleNamespace?: string;
}

export interface RiskOrderRequest<Body> {
  body: Body;
  riskAssessmentDefinitionName?: string;
}

export const createMvrOrder = ({ body, isAutoAdjudicated, ruleNamespace }: MvrOrderRequest) =>
  api.post<Order>('/api/v1/orders/create-mvr-order', body, { query: { isAutoAdjudicated, ruleNamespace } });

export const createVehicleOrder = (body: VehicleOrderBody) => api.post<Order>('/api/v1/orders/vehicle/order', body);

export const createPersonRiskOrder = ({ body, riskAssessmentDefinitionName }: RiskOrderRequest<IrrOrderBody>) =>
  api.post<Order>('/api/v1/orders/irr/order', body, { query: { riskAssessmentDefinitionName } });

export const createBusinessRiskOrder = ({ body, riskAssessmentDefinitionName }: RiskOrderRequest<BraOrderBody>) =>
  api.post<Order>('/api/v1/orders/bra/order', body, { query: { riskAssessmentDefinitionName } });

function usePlaceOrder<Input>(kind: string, mutationFn: (input: Input) => Promise<Order>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.orders.place(kind),
    mutationFn,
    // Not awaited: the form moves on to the new order at once. New tags may have come with the order.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.tags.all });
    },
  });
}

export const useCreateMvrOrder = () => usePlaceOrder('mvr', createMvrOrder);
export const useCreateVehicleOrder = () => usePlaceOrder('vin', createVehicleOrder);
export const useCreatePersonRiskOrder = () => usePlaceOrder('irr', createPersonRiskOrder);
export const useCreateBusinessRiskOrder = () => usePlaceOrder('bra', createBusinessRiskOrder);
