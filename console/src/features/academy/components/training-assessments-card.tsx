import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ClipboardCheck, Plus } from 'lucide-react';
import { PanelEmpty, PanelError, PanelLoading } from '../../../components/panel-state';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { formatDate } from '../../../lib/format-date';
import type { AssessmentView } from '@leadfloor/contracts';
import { usePublishAssessment } from '../api/academy-mutations';
import { assessmentsQuery } from '../api/academy-queries';
import { draftOf, emptyAssessment } from '../assessment-form';
import { AssessmentEditor } from './assessment-editor';
import { WithdrawAssessmentDialog } from './withdraw-assessment-dialog';

/** The owner's assessments of a training: each with its version, edited (a new version) or withdrawn; and a new one. */
export function TrainingAssessmentsCard({ trainingId }: { trainingId: number }) {
  const list = useQuery(assessmentsQuery(trainingId));
  const publish = usePublishAssessment();
  const [withdrawing, setWithdrawing] = useState<AssessmentView | null>(null);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const assessments = list.data?.assessments ?? [];
  const save = (assessmentId: number | null) => (body: Parameters<typeof publish.mutate>[0]['body']) =>
    publish.mutate({ trainingId, assessmentId, body }, { onSuccess: () => setEditing(null) });
  return (
    <Card>
      <CardHeader
        title="Assessments"
        description="Passing every one certifies a closer for this job."
        action={editing === null && (
          <Button size="sm" onClick={() => { publish.reset(); setEditing('new'); }}><Plus aria-hidden />New assessment</Button>
        )}
      />
      <CardContent className="flex flex-col gap-4">
        {editing === 'new' && (
          <AssessmentEditor initial={emptyAssessment()} published={false} busy={publish.isPending} error={publish.error} onSave={save(null)} onCancel={() => setEditing(null)} />
        )}
        {list.isPending ? <PanelLoading label="Loading assessments" /> : list.isError ? (
          <PanelError error={list.error} what="Assessments" onRetry={() => void list.refetch()} />
        ) : assessments.length === 0 && editing !== 'new' ? (
          <PanelEmpty icon={<ClipboardCheck aria-hidden className="size-5" />}>No assessments yet. Add one to certify your closers.</PanelEmpty>
        ) : (
          <ul aria-label="Published assessments" className="flex flex-col gap-3">
            {assessments.map((a) => (
              <li key={a.id} className="rounded-lg border border-border p-3">
                {editing === a.id ? (
                  <AssessmentEditor initial={draftOf(a)} published busy={publish.isPending} error={publish.error} onSave={save(a.id)} onCancel={() => setEditing(null)} />
                ) : (
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <div className="min-w-0">
                      <p className="font-medium break-words text-foreground">{a.title}</p>
                      <p className="text-xs text-muted">
                        {a.questions.length} question{a.questions.length === 1 ? '' : 's'} · pass at {a.passingScore}% ·{' '}
                        {a.maxAttempts === null ? 'unlimited attempts' : `${a.maxAttempts} attempts`}{a.cooldownHours > 0 && ` · ${a.cooldownHours} h wait`}
                      </p>
                    </div>
                    <div className="flex flex-wrap items-center gap-2">
                      <Badge tone="outline">Version {a.version} · {formatDate(a.publishedAt)}</Badge>
                      <Button variant="secondary" size="sm" onClick={() => { publish.reset(); setEditing(a.id); }}>Edit</Button>
                      <Button variant="ghost" size="sm" onClick={() => setWithdrawing(a)}>Withdraw</Button>
                    </div>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <WithdrawAssessmentDialog trainingId={trainingId} assessment={withdrawing} onClose={() => setWithdrawing(null)} />
    </Card>
  );
}
