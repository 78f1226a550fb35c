import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { PanelLoading } from '../../../components/panel-state';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast-store';
import { serverMessage } from '../../../lib/api';
import { useFinishCrmConnect } from '../api/integration-mutations';

/**
 * Where the CRM sends the browser back after the manager grants access (`?code&state`, or
 * `?error`): hands the code to the server, which exchanges it, then returns to /integrations.
 */
export function CrmCallbackPage() {
  const { provider = 'hubspot' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const finish = useFinishCrmConnect();
  const sent = useRef(false);
  const code = search.get('code');
  const state = search.get('state');
  const denied = search.get('error');

  useEffect(() => {
    // Once: a code is good for one exchange (StrictMode runs effects twice in development).
    if (sent.current || !code || !state) return;
    sent.current = true;
    finish.mutateAsync({ provider, code, state }).then(() => {
      toast({ title: 'HubSpot connected', description: 'New and edited leads now sync to HubSpot.' });
      void navigate('/integrations', { replace: true });
    }, () => {});
  }, [code, state, provider, finish, navigate]);

  const problem = denied ? `HubSpot did not grant access (${denied}).` : !code || !state ? 'This page expects the answer of HubSpot’s sign-in.' : finish.error ? serverMessage(finish.error) ?? 'The connection could not be completed.' : null;
  return (
    <>
      <PageHeader heading="Connecting HubSpot" />
      <Card><CardContent className="flex flex-col items-start gap-3 py-6">
        {problem ? (
          <>
            <p role="alert" className="text-sm text-destructive">{problem}</p>
            <Link to="/integrations" className={buttonClasses('secondary')}>Back to integrations</Link>
          </>
        ) : <PanelLoading label="Completing the connection" rows={1} />}
      </CardContent></Card>
    </>
  );
}
