import type { ApplicationStage } from './closer-labels';

export type StepState = 'done' | 'current' | 'upcoming';
export type ProgressStep = { label: string; state: StepState; tone: 'neutral' | 'success' | 'destructive' | 'muted' };

/**
 * An application's way as three steps (applied, in review, a decision), for the compact stepper
 * of a list card; the application's page shows every status change with its date.
 */
export function progressSteps(stage: ApplicationStage): ProgressStep[] {
  const decided = stage === 'accepted' || stage === 'rejected' || stage === 'withdrawn';
  const decision: ProgressStep = stage === 'accepted' ? { label: 'Accepted', state: 'done', tone: 'success' }
    : stage === 'rejected' ? { label: 'Rejected', state: 'done', tone: 'destructive' }
      : stage === 'withdrawn' ? { label: 'Withdrawn', state: 'done', tone: 'muted' }
        : { label: 'Decision', state: 'upcoming', tone: 'neutral' };
  return [
    { label: 'Applied', state: stage === 'pending' ? 'current' : 'done', tone: 'neutral' },
    { label: 'In review', state: stage === 'reviewing' ? 'current' : decided ? 'done' : 'upcoming', tone: 'neutral' },
    decision,
  ];
}

const DAY_MS = 86_400_000;

/** How long it has been in its status, for a card: 'Today', '1 day', '12 days'. */
export function daysInStatus(since: string, now: Date): string {
  const days = Math.max(0, Math.floor((now.getTime() - Date.parse(since)) / DAY_MS));
  return days === 0 ? 'Today' : days === 1 ? '1 day' : `${days} days`;
}
