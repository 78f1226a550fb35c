import { Lock } from 'lucide-react';
import { PageHeader } from '../../../components/page-header';
import { PanelEmpty } from '../../../components/panel-state';
import { Card, CardContent } from '../../../components/ui/card';
import { useCurrentUser } from '../../../lib/current-user';
import { CrmCard } from './crm-card';
import { LeadSourcesCard } from './lead-sources-card';
import { WebhooksCard } from './webhooks-card';

/** /integrations: inbound lead sources, outbound webhooks and CRM connections, for managers. */
export function IntegrationsPage() {
  const { user } = useCurrentUser();
  return (
    <>
      <PageHeader heading="CRM Integrations" subheading="Bring leads in from other systems and keep them in step with LeadFloor" />
      {user?.role !== 'manager' ? (
        <Card><CardContent className="py-6">
          <PanelEmpty icon={<Lock aria-hidden className="size-5" />}>Integrations are set up by the floor's managers. Ask yours to connect a form, a webhook or a CRM.</PanelEmpty>
        </CardContent></Card>
      ) : (
        <div className="flex flex-col gap-6">
          <LeadSourcesCard />
          <WebhooksCard />
          <CrmCard />
        </div>
      )}
    </>
  );
}
