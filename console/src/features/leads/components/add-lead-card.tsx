import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { AddLeadForm } from './add-lead-form';

/** Spec 2.8: the same form as a card titled 'Add New Lead'. */
export function AddLeadCard({ onCreated, onCancel }: { onCreated?: () => void; onCancel?: () => void }) {
  return (
    <Card aria-labelledby="add-lead-title">
      <CardHeader titleId="add-lead-title" title="Add New Lead" description="Enter the details for the new lead below" />
      <CardContent>
        <AddLeadForm onCreated={onCreated} onCancel={onCancel} />
      </CardContent>
    </Card>
  );
}
