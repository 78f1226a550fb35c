import { useQuery } from '@tanstack/react-query';
import { MousePointerClick } from 'lucide-react';
import type { ClaimAttempt } from '@leadfloor/contracts';
import { PanelEmpty, PanelError, PanelLoading } from '../../../components/panel-state';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { isApiError } from '../../../lib/api';
import { formatPreciseDateTime } from '../../../lib/format-date';
import { claimAttemptsQuery } from '../api/pool-policy-queries';

const OUTCOMES: Record<ClaimAttempt['outcome'], { label: string; tone: BadgeTone }> = {
  won: { label: 'Won', tone: 'success' },
  lost: { label: 'Lost', tone: 'neutral' },
  over_cap: { label: 'Over the cap', tone: 'warning' },
  rate_limited: { label: 'Rate-limited', tone: 'destructive' },
};

/** '10:04:09.123 AM': claims of one lead can be milliseconds apart. */
const withMillis = (at: string) => {
  const ms = String(new Date(at).getMilliseconds()).padStart(3, '0');
  return formatPreciseDateTime(at).replace(/(:\d{2})( [AP]M)?$/, `$1.${ms}$2`);
};

/**
 * Every claim of the lead, in the order the server received them, with who won: "I clicked
 * first" settled by evidence. Managers and the agents who tried see it; for anyone else the
 * server answers 403 and the card stays away.
 */
export function ClaimAttemptsCard({ leadId }: { leadId: number }) {
  const attempts = useQuery(claimAttemptsQuery(leadId));
  if (isApiError(attempts.error, 403)) return null;
  const list = attempts.data?.attempts ?? [];
  return (
    <Card aria-labelledby="claim-attempts-title">
      <CardHeader titleId="claim-attempts-title" title="Claim attempts" description="Every claim of this lead, in the order the server received them" />
      <CardContent>
        {attempts.isPending ? (
          <PanelLoading label="Loading the claim attempts" rows={2} />
        ) : attempts.error ? (
          <PanelError error={attempts.error} what="The claim attempts" onRetry={() => void attempts.refetch()} />
        ) : list.length === 0 ? (
          <PanelEmpty icon={<MousePointerClick aria-hidden className="size-5" />}>Nobody has tried to claim this lead yet.</PanelEmpty>
        ) : (
          <ol className="flex flex-col divide-y divide-border" aria-label="Claim attempts, first received first">
            {list.map((a, i) => (
              <li key={a.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2.5">
                <div className="flex min-w-0 items-center gap-3">
                  <span className="w-6 shrink-0 text-right text-xs text-muted tabular-nums">{i + 1}.</span>
                  <div className="min-w-0">
                    <p className="truncate text-sm font-medium text-foreground">{a.userName ?? `User ${a.userId}`}</p>
                    <p className="text-xs text-muted tabular-nums"><time dateTime={a.attemptedAt}>{withMillis(a.attemptedAt)}</time></p>
                  </div>
                </div>
                <Badge tone={OUTCOMES[a.outcome].tone} className="ml-9 sm:ml-0">
                  {OUTCOMES[a.outcome].label}{a.repeats > 1 ? ` ×${a.repeats}` : ''}
                </Badge>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
