import { Link } from 'react-router';
import { Compass } from 'lucide-react';
import { buttonClasses } from '../../components/ui/button';

/** Spec 2.1: any unknown path. */
export function NotFoundPage() {
  return (
    <div className="flex flex-col items-center px-6 py-20 text-center">
      <title>Page not found · LeadFloor</title>
      <span className="flex size-14 items-center justify-center rounded-full bg-surface-muted text-muted">
        <Compass aria-hidden className="size-7" />
      </span>
      <h1 className="mt-5 text-2xl font-semibold tracking-tight text-foreground sm:text-3xl">404 Page Not Found</h1>
      <p className="mt-2 max-w-md text-muted">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className={`${buttonClasses('primary')} mt-6`}>Go to Dashboard</Link>
    </div>
  );
}
