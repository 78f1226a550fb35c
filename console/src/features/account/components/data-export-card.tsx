import { Download } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { ACCOUNT_EXPORT_URL } from '../api/account-queries';

/** A copy of your own records as one JSON file. */
export function DataExportCard() {
  return (
    <Card aria-labelledby="export-title">
      <CardHeader titleId="export-title" title="Your data" description="Download a copy of your own records." />
      <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted">
          Your profile and preferences, sessions, what you did on your leads, your calls, sales and notifications, as one JSON file.
        </p>
        <a href={ACCOUNT_EXPORT_URL} download className={buttonClasses('secondary')}>
          <Download aria-hidden /> Download my data
        </a>
      </CardContent>
    </Card>
  );
}
