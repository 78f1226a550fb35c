import { useState } from 'react';
import { Lock } from 'lucide-react';
import { PageHeader } from '../../../components/page-header';
import { PanelEmpty } from '../../../components/panel-state';
import { Card, CardContent } from '../../../components/ui/card';
import { useCurrentUser } from '../../../lib/current-user';
import { CustomFieldsCard } from './custom-fields-card';
import { ExportCard } from './export-card';
import { ImportHistory } from './import-history';
import { ImportWizard, type WizardStep } from './import-wizard';

/**
 * /leads/import-export: managers import (wizard and history), export and keep the custom fields;
 * team leads export; agents are told who does this.
 */
export function ImportExportPage() {
  const { user } = useCurrentUser();
  const [step, setStep] = useState<WizardStep>({ name: 'upload' });
  const manager = user?.role === 'manager';
  return (
    <>
      <PageHeader heading="Import/Export" subheading="Bring leads in from spreadsheets, export your pool, and shape the fields leads carry" backTo="/leads" backLabel="Lead Pool" />
      {manager ? (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div className="flex min-w-0 flex-col gap-6">
            <ImportWizard step={step} onStep={setStep} />
            <ImportHistory onOpen={(imp) => setStep(imp.status === 'uploaded' ? { name: 'map', imp } : { name: 'run', importId: imp.id })} />
          </div>
          <div className="flex min-w-0 flex-col gap-6">
            <ExportCard />
            <CustomFieldsCard />
          </div>
        </div>
      ) : user?.role === 'teamLead' ? (
        <ExportCard />
      ) : (
        <Card><CardContent className="py-6">
          <PanelEmpty icon={<Lock aria-hidden className="size-5" />}>Imports and exports are run by the floor&apos;s managers. Ask yours for a file of leads.</PanelEmpty>
        </CardContent></Card>
      )}
    </>
  );
}
