import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PanelError, PanelLoading } from '../../../components/panel-state';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Switch } from '../../../components/ui/switch';
import { toast } from '../../../components/ui/toast-store';
import { serverMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format-date';
import { useSetTwoFactorPolicy } from '../api/two-factor-mutations';
import { twoFactorPolicyQuery } from '../api/two-factor-queries';

/** A manager's switch: everyone on the floor signs in with a second factor, or not. */
export function TwoFactorPolicyCard() {
  const { data: policy, isPending, error, refetch } = useQuery(twoFactorPolicyQuery);
  const setPolicy = useSetTwoFactorPolicy();
  const labelId = useId();
  const descriptionId = useId();

  const handleChange = (required: boolean) => setPolicy.mutate({ required }, {
    onSuccess: () => toast({
      title: required ? 'Two-factor sign-in required' : 'Two-factor sign-in optional',
      description: required ? 'People without it are asked to set it up before they continue.' : 'Everyone chooses for themselves again.',
      variant: 'success',
    }),
    onError: (err) => toast({ title: 'Could not change the rule', description: serverMessage(err) ?? 'Please try again.', variant: 'destructive' }),
  });

  return (
    <Card aria-labelledby="two-factor-policy-title">
      <CardHeader titleId="two-factor-policy-title" title="Floor sign-in rule" description="Managers only: applies to everyone on the floor." />
      <CardContent>
        {isPending ? (
          <PanelLoading label="Loading the floor's sign-in rule" rows={1} />
        ) : error ? (
          <PanelError error={error} what="The floor's sign-in rule" onRetry={() => refetch()} />
        ) : (
          <div className="flex flex-col gap-3">
            <div className="flex items-start justify-between gap-4">
              <div className="min-w-0">
                <p id={labelId} className="text-sm font-medium text-foreground">Require two-factor sign-in</p>
                <p id={descriptionId} className="mt-0.5 text-sm text-muted">
                  Anyone without it is asked to set it up before they can do anything else.
                </p>
              </div>
              <Switch
                checked={setPolicy.isPending ? setPolicy.variables.required : policy.required}
                disabled={setPolicy.isPending}
                onCheckedChange={handleChange}
                aria-labelledby={labelId}
                aria-describedby={descriptionId}
              />
            </div>
            <p className="text-sm text-muted">
              {policy.coverage.enabled} of {policy.coverage.total} {policy.coverage.total === 1 ? 'person has' : 'people have'} two-factor sign-in on.
              {policy.updatedBy && policy.updatedAt && (
                <span className="block text-xs">
                  {policy.required ? 'Required' : 'Made optional'} by {policy.updatedBy.fullName} on {formatDateTime(policy.updatedAt)}.
                </span>
              )}
            </p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
