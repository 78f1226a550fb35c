import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  CommissionPlanResponseSchema, SaleResponseSchema, type RecordSaleBody, type Sale, type SetCommissionPlanBodySchema,
} from '@leadfloor/contracts';
import { api } from '../../../lib/api';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { planKeys, saleDetailQuery, saleKeys } from './sale-queries';

/**
 * After a write: the answer goes into the lists at once, then the detail is read back once the
 * read model holds that version (the gateway waits for it), and only then do the lists and
 * totals refetch, so a refetch never shows the sale as it was before.
 */
async function settle(queryClient: QueryClient, sale: Sale, version: number): Promise<void> {
  queryClient.setQueriesData<InfiniteData<Sale[]>>({ queryKey: saleKeys.lists() }, (data) =>
    data && { ...data, pages: data.pages.map((page) => page.map((s) => (s.id === sale.id ? sale : s))) });
  await queryClient.fetchQuery({ ...saleDetailQuery(sale.id, version), staleTime: 0 }).catch(() => undefined);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: saleKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: saleKeys.commissions() }),
  ]);
}

const idempotent = () => ({ headers: { 'Idempotency-Key': newIdempotencyKey() } });

/** POST /api/sales: a sale on a lead the user holds; its lead becomes sold (the server follows up). */
export function useRecordSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RecordSaleBody) => api.post('/api/sales', body, SaleResponseSchema, idempotent()),
    onSuccess: ({ sale, version }) => void settle(queryClient, sale, version),
  });
}

export type CommissionAction =
  | { kind: 'approve' }
  | { kind: 'pay' }
  | { kind: 'reject'; reason: string }
  | { kind: 'rate'; commissionRate: number };

const bodyOf = (action: CommissionAction) =>
  action.kind === 'reject' ? { reason: action.reason } : action.kind === 'rate' ? { commissionRate: action.commissionRate } : {};

/** A manager's step on a commission: approve, pay, reject with a reason, or re-rate while pending. */
export function useCommissionAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ sale, action }: { sale: Sale; action: CommissionAction }) =>
      api.post(`/api/sales/${sale.id}/${action.kind}`, bodyOf(action), SaleResponseSchema, idempotent()),
    // Not awaited: the row shows the answer at once, and a filtered list may drop the row (and
    // the caller's callbacks with it) once it refetches.
    onSuccess: ({ sale, version }) => void settle(queryClient, sale, version),
    // Someone else may have acted first: show the sale as it is now.
    onError: () => queryClient.invalidateQueries({ queryKey: saleKeys.all }),
  });
}

/** PUT /api/commission-plan: the answer is the plan now in force, stored as is (the read model may lag). */
export function useSetCommissionPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof SetCommissionPlanBodySchema>) => api.put('/api/commission-plan', body, CommissionPlanResponseSchema),
    onSuccess: ({ plan }) => queryClient.setQueryData(planKeys.plan(plan.teamId), plan),
  });
}
