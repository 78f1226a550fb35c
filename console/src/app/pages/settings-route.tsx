import { PageHeader } from '../../components/page-header';
import { NotificationPreferencesCard } from '../../features/notifications/components/notification-preferences-card';

/**
 * /settings (spec 2.1). Each feature brings its own section; notification preferences are
 * the first to land. Account and profile settings arrive with the profile issue.
 */
export function SettingsRoute() {
  return (
    <>
      <PageHeader heading="Settings" subheading="Your account, notifications and preferences" />
      <div className="max-w-3xl">
        <NotificationPreferencesCard />
      </div>
    </>
  );
}
