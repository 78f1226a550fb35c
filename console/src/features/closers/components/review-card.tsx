import { useState } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Lock, NotebookPen } from 'lucide-react';
import { ApplicationStatusSchema, FEEDBACK_MAX, REVIEWER_NOTE_MAX, type Application, type ApplicationStatus } from '@leadfloor/contracts';
import { PanelEmpty, PanelError, PanelLoading } from '../../../components/panel-state';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast-store';
import { formatDateTime } from '../../../lib/format-date';
import { useChangeStatus, usePostNote } from '../api/application-mutations';
import { reviewerNotesQuery } from '../api/application-queries';
import { closerKeys } from '../api/closer-keys';
import { APPLICATION_STAGE_LABELS, applicationStage } from '../closer-labels';
import { isConflict, refusal } from '../closer-errors';
import { MessageComposer } from './message-composer';

/** The reviewer's decision: a status and feedback the applicant reads, sent at the version on screen. */
function DecisionForm({ application, change }: { application: Application; change: ReturnType<typeof useChangeStatus> }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<ApplicationStatus>(application.status);
  const [feedback, setFeedback] = useState(application.feedback ?? '');
  const unchanged = status === application.status && feedback.trim() === (application.feedback ?? '');
  const handleSave = () =>
    change.mutate({ applicationId: application.id, status, feedback: feedback.trim() === '' ? null : feedback, expectedVersion: application.version }, {
      onSuccess: (saved) => toast({ title: 'Application updated', description: `${saved.closerName}: ${APPLICATION_STAGE_LABELS[applicationStage(saved)]}`, variant: 'success' }),
      // Another reviewer decided first: show what they decided (the form then starts again from it).
      onError: (error) => {
        if (isConflict(error)) void queryClient.invalidateQueries({ queryKey: closerKeys.application(application.id) });
      },
    });
  if (applicationStage(application) === 'withdrawn') {
    return <p className="text-sm text-muted">{application.closerName} withdrew this application; it can no longer be moved.</p>;
  }
  return (
    <div className="flex flex-col gap-3">
      <FormField label="Status">
        {(c) => (
          <Select {...c} value={status} onChange={(e) => setStatus(ApplicationStatusSchema.parse(e.target.value))}>
            {ApplicationStatusSchema.options.map((s) => <option key={s} value={s}>{APPLICATION_STAGE_LABELS[s]}</option>)}
          </Select>
        )}
      </FormField>
      <FormField label="Feedback to the applicant (optional)" hint="They see it with the status." error={feedback.trim().length > FEEDBACK_MAX ? `At most ${FEEDBACK_MAX.toLocaleString('en-US')} characters` : undefined}>
        {(c) => <Textarea {...c} rows={3} value={feedback} onChange={(e) => setFeedback(e.target.value)} />}
      </FormField>
      {change.error && (
        <p role="alert" className="text-sm font-medium text-destructive-text">
          {isConflict(change.error) ? 'Someone else changed this application first. It now shows what they decided; decide again if you still want to.' : refusal(change.error)}
        </p>
      )}
      <Button disabled={unchanged || change.isPending || feedback.trim().length > FEEDBACK_MAX} onClick={handleSave}>
        {change.isPending ? 'Saving...' : 'Save decision'}
      </Button>
    </div>
  );
}

/** Notes only the job's owner and managers see: the applicant never reads them. */
function ReviewerNotes({ applicationId }: { applicationId: number }) {
  const notes = useInfiniteQuery(reviewerNotesQuery(applicationId));
  const post = usePostNote(applicationId);
  const list = notes.data?.pages.flatMap((p) => p.notes) ?? [];
  return (
    <div className="flex flex-col gap-3">
      <MessageComposer label="Private note" placeholder="A note for reviewers only" sendLabel="Add note" max={REVIEWER_NOTE_MAX} onSend={(content) => post.mutateAsync(content)} />
      {notes.isPending ? (
        <PanelLoading label="Loading notes" rows={2} />
      ) : notes.error ? (
        <PanelError error={notes.error} what="Notes" onRetry={() => void notes.refetch()} />
      ) : list.length === 0 ? (
        <PanelEmpty icon={<NotebookPen aria-hidden className="size-5" />}>No notes yet.</PanelEmpty>
      ) : (
        <ul aria-label="Reviewer notes" className="flex flex-col gap-2">
          {list.map((n) => (
            <li key={n.id} className="rounded-lg border border-border px-3 py-2">
              <p className="text-sm whitespace-pre-line break-words text-foreground">{n.content}</p>
              <p className="mt-1 text-xs text-muted">{n.authorName} · <time dateTime={n.createdAt}>{formatDateTime(n.createdAt)}</time></p>
            </li>
          ))}
        </ul>
      )}
      {notes.hasNextPage && (
        <Button variant="ghost" size="sm" disabled={notes.isFetchingNextPage} onClick={() => void notes.fetchNextPage()}>
          {notes.isFetchingNextPage ? 'Loading...' : 'Older notes'}
        </Button>
      )}
    </div>
  );
}

/** For the job's owner and managers: the decision and the private notes. */
export function ReviewCard({ application }: { application: Application }) {
  const change = useChangeStatus();
  return (
    <>
      <Card aria-labelledby="decision-title">
        <CardHeader titleId="decision-title" title="Decision" />
        {/* Keyed by version: a decision made elsewhere (live, or after a 409) resets the form to what is now true. */}
        <CardContent><DecisionForm key={application.version} application={application} change={change} /></CardContent>
      </Card>
      <Card aria-labelledby="notes-title">
        <CardHeader titleId="notes-title" title={<span className="inline-flex items-center gap-1.5"><Lock aria-hidden className="size-4" />Reviewer notes</span>}
          description={`Private: ${application.closerName} never sees them.`} />
        <CardContent><ReviewerNotes applicationId={application.id} /></CardContent>
      </Card>
    </>
  );
}
