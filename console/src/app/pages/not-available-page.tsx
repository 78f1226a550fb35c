import { Link } from 'react-router';
import { Hourglass } from 'lucide-react';
import { PageHeader } from '../../components/page-header';
import { buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';

/**
 * A screen of spec 2.1 that is not built yet. It says so plainly instead of showing sample
 * figures a user could mistake for their own.
 */
export function NotAvailablePage({ title, description }: { title: string; description: string }) {
  return (
    <>
      <PageHeader heading={title} subheading={description} />
      <Card className="items-center px-6 py-16 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground">
          <Hourglass aria-hidden className="size-6" />
        </span>
        <h2 className="mt-4 text-lg font-semibold text-foreground">{title} is not available yet</h2>
        <p className="mt-1 max-w-md text-sm text-muted">
          This part of LeadFloor is still being built. When it arrives it will show your real data here — nothing on
          this page is a placeholder pretending to be yours.
        </p>
        <Link to="/" className={`${buttonClasses('secondary')} mt-6`}>Back to Dashboard</Link>
      </Card>
    </>
  );
}
