import { PageHeader } from '../../components/page-header';
import { BillingCard } from '../../features/billing/components/billing-card';
import { AppearanceCard } from '../../features/account/components/appearance-card';
import { DataExportCard } from '../../features/account/components/data-export-card';
import { PasswordCard } from '../../features/account/components/password-card';
import { TwoFactorSettings } from '../../features/auth/components/two-factor-settings';
import { SessionsCard } from '../../features/account/components/sessions-card';
import { NotificationPreferencesCard } from '../../features/notifications/components/notification-preferences-card';
import { PoolPolicyCard } from '../../features/leads/components/pool-policy-card';

/**
 * /settings (spec 2.1). Each feature brings its own section: appearance, notification
 * preferences, then the account's password, sessions and data export. The profile itself
 * (name, bio, photo) is edited on /profile.
 */
export function SettingsRoute() {
  return (
    <>
      <PageHeader heading="Settings" subheading="Your account, notifications and preferences" />
      <div className="flex max-w-3xl flex-col gap-6">
        <AppearanceCard />
        <NotificationPreferencesCard />
        <PoolPolicyCard />
        <PasswordCard />
        <TwoFactorSettings />
        <SessionsCard />
        <DataExportCard />
        <BillingCard />
      </div>
    </>
  );
}
