import { Link, type LinkProps } from 'react-router';
import { isUpcoming } from '../lib/upcoming-routes';

/**
 * A link that shows only once its page is real: until then a working screen offers nothing
 * that leads to a "not available yet" page (spec links to /team and /profile wait for them).
 */
export function AvailableLink({ to, ...props }: LinkProps & { to: string }) {
  return isUpcoming(to) ? null : <Link to={to} {...props} />;
}
