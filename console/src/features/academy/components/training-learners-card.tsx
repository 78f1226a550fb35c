import { Link } from 'react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { PanelEmpty, PanelError, PanelLoading } from '../../../components/panel-state';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { formatDate } from '../../../lib/format-date';
import { learnersQuery } from '../api/academy-queries';

/** The owner's list of the training's learners, most recently active first; each opens their progress. */
export function TrainingLearnersCard({ trainingId, selected }: { trainingId: number; selected: number | null }) {
  const list = useInfiniteQuery(learnersQuery(trainingId));
  const learners = (list.data?.pages ?? []).flatMap((p) => p.learners);
  return (
    <Card className="h-fit">
      <CardHeader title="Learners" description="Closers reading this training" />
      <CardContent>
        {list.isPending ? <PanelLoading label="Loading learners" /> : list.isError ? (
          <PanelError error={list.error} what="Learners" onRetry={() => void list.refetch()} />
        ) : learners.length === 0 ? (
          <PanelEmpty icon={<Users aria-hidden className="size-5" />}>Nobody has started this training yet.</PanelEmpty>
        ) : (
          <ul aria-label="Learners" className="flex flex-col divide-y divide-border">
            {learners.map((l) => (
              <li key={l.userId} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <Link
                  to={`/academy/${trainingId}/progress?userId=${l.userId}`} aria-current={selected === l.userId ? 'page' : undefined}
                  className="min-w-0 text-sm font-medium text-foreground hover:underline aria-[current=page]:text-primary-soft-foreground"
                >
                  {l.fullName}
                </Link>
                <span className="flex items-center gap-2 text-xs text-muted">
                  {l.certifiedAt ? <Badge tone="success">Certified {formatDate(l.certifiedAt)}</Badge> : <span>{l.percent}%</span>}
                </span>
              </li>
            ))}
          </ul>
        )}
        {list.hasNextPage && (
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>Load more</Button>
        )}
      </CardContent>
    </Card>
  );
}
