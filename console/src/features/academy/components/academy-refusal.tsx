import { Link } from 'react-router';
import { Lock } from 'lucide-react';
import { PanelEmpty, PanelError } from '../../../components/panel-state';
import { Card } from '../../../components/ui/card';
import { isApiError } from '../../../lib/api';

/** The id in an academy address (`/academy/12`): a positive integer, or 0 for anything else. */
export const trainingIdParam = (raw: string | undefined) => (raw && /^\d{1,9}$/.test(raw) ? Number(raw) : 0);

/** Why an academy screen shows nothing: not the reader's training, no such training, or a failed read. */
export function AcademyRefusal({ error, what, onRetry }: { error: unknown; what: string; onRetry?: () => void }) {
  const body = isApiError(error, 403) ? "This training is for the job's accepted closers." : isApiError(error, 404) || !error ? 'There is no such training.' : null;
  return (
    <Card>
      {body ? (
        <PanelEmpty icon={<Lock aria-hidden className="size-5" />}>
          {body} <Link to="/academy" className="font-medium text-primary-soft-foreground hover:underline">Back to the academy</Link>
        </PanelEmpty>
      ) : (
        <PanelError error={error} what={what} onRetry={onRetry} />
      )}
    </Card>
  );
}
