import { useState } from 'react';
import { FEEDBACK_MAX, type ApplicationStatus, type ApplicationSummary } from '@leadfloor/contracts';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Textarea } from '../../../components/ui/textarea';

export type PendingDecision = { application: ApplicationSummary; to: Extract<ApplicationStatus, 'accepted' | 'rejected'> };

/**
 * Accepting or rejecting from the board asks for feedback first (optional, the applicant reads
 * it with the decision); Cancel leaves the card where it was.
 */
export function DecisionDialog({ decision, onCancel, onConfirm }: {
  decision: PendingDecision | null; onCancel: () => void; onConfirm: (feedback: string | null) => void;
}) {
  return (
    <Dialog open={decision !== null} onClose={onCancel} maxWidth="max-w-md"
      title={decision ? `${decision.to === 'accepted' ? 'Accept' : 'Reject'} ${decision.application.closerName}?` : ''}
      description={decision ? `For ${decision.application.job.title}. They are told at once.` : undefined}>
      {decision && <DecisionForm key={`${decision.application.id}-${decision.to}`} decision={decision} onCancel={onCancel} onConfirm={onConfirm} />}
    </Dialog>
  );
}

function DecisionForm({ decision, onCancel, onConfirm }: { decision: PendingDecision; onCancel: () => void; onConfirm: (feedback: string | null) => void }) {
  const [feedback, setFeedback] = useState('');
  const over = feedback.trim().length > FEEDBACK_MAX;
  const accept = decision.to === 'accepted';
  return (
    <form onSubmit={(e) => { e.preventDefault(); if (!over) onConfirm(feedback.trim() || null); }} className="flex flex-col gap-4">
      <FormField label="Feedback (optional)" hint={accept ? 'e.g. next steps, who will contact them' : 'What would make a future application stronger'}
        error={over ? `At most ${FEEDBACK_MAX.toLocaleString('en-US')} characters` : undefined}>
        {(c) => <Textarea {...c} rows={4} value={feedback} onChange={(e) => setFeedback(e.target.value)} />}
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant={accept ? 'primary' : 'destructive'} disabled={over}>{accept ? 'Accept application' : 'Reject application'}</Button>
      </div>
    </form>
  );
}
