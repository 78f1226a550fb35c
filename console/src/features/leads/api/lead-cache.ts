import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Lead, LeadListResponseSchema } from '@leadfloor/contracts';
import { leadKeys } from './lead-queries';

export type LeadPage = z.infer<typeof LeadListResponseSchema>;
export type LeadPages = InfiniteData<LeadPage, string | undefined>;
type AnyList = LeadPage | LeadPages;

const isPages = (data: AnyList): data is LeadPages => 'pages' in data;
const mapPages = (data: AnyList, f: (page: LeadPage) => LeadPage): AnyList =>
  isPages(data) ? { ...data, pages: data.pages.map(f) } : f(data);

/** A newer copy of a lead wherever a list shows it (an older copy never replaces a newer one). */
export function withLead(data: AnyList, lead: Lead): AnyList {
  return mapPages(data, (page) =>
    page.leads.some((l) => l.id === lead.id && l.version <= lead.version)
      ? { ...page, leads: page.leads.map((l) => (l.id === lead.id ? lead : l)) }
      : page);
}

/** The pages without a lead, its count taken off the totals (a pipeline card leaving its column). */
export function withoutLead(data: LeadPages, leadId: number): LeadPages {
  const lead = data.pages.flatMap((p) => p.leads).find((l) => l.id === leadId);
  if (!lead) return data;
  return {
    ...data,
    pages: data.pages.map((p, i) => ({
      ...p,
      leads: p.leads.filter((l) => l.id !== leadId),
      ...(i === 0 ? counted(p, lead, -1) : {}),
    })),
  };
}

/** The pages with a lead on top of the first one, counted in (a pipeline card arriving in a column). */
export function withLeadFirst(data: LeadPages, lead: Lead): LeadPages {
  const rest = withoutLead(data, lead.id);
  const [first, ...others] = rest.pages;
  if (!first) return data;
  return { ...rest, pages: [{ ...first, leads: [lead, ...first.leads], ...counted(first, lead, 1) }, ...others] };
}

function counted(page: LeadPage, lead: Lead, delta: number): Pick<LeadPage, 'total' | 'typeCounts'> {
  return {
    total: Math.max(0, page.total + delta),
    typeCounts: { ...page.typeCounts, [lead.leadType]: Math.max(0, (page.typeCounts[lead.leadType] ?? 0) + delta) },
  };
}

/**
 * Puts a lead the server just answered with into every cached view of it at once: its detail
 * and each list row. The refetch that follows (read-your-writes) then confirms it, moving the
 * lead in or out of filtered lists.
 */
export function storeLead(queryClient: QueryClient, lead: Lead, version: number): void {
  queryClient.setQueryData(leadKeys.detail(lead.id), (old: { version: number } | undefined) =>
    old && old.version > version ? old : { lead, version });
  queryClient.setQueriesData<AnyList>({ queryKey: leadKeys.lists() }, (data) => (data ? withLead(data, lead) : data));
}
