import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../../components/page-header';
import { PanelError, PanelLoading } from '../../../components/panel-state';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { roleLabel } from '../../../lib/user-labels';
import { profileQuery } from '../api/account-queries';
import { AvatarEditor } from './avatar-editor';
import { PerformanceCard } from './performance-card';
import { ProfileDetailsForm } from './profile-details-form';
import { StandingCard } from './standing-card';

/** /profile (spec 2.1, 2.4's "Your Profile"): who you are on the floor, and how your month goes. */
export function ProfilePage() {
  const profile = useQuery(profileQuery);
  return (
    <>
      <PageHeader heading="Your Profile" subheading="Your details, level and badges" />
      {profile.isPending ? (
        <Card><CardContent><PanelLoading label="Loading your profile" rows={4} /></CardContent></Card>
      ) : profile.error ? (
        <Card><CardContent><PanelError error={profile.error} what="Your profile" onRetry={() => profile.refetch()} /></CardContent></Card>
      ) : (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
          <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
            <PerformanceCard performance={profile.data.performance} />
            <Card aria-labelledby="details-title">
              <CardHeader
                titleId="details-title"
                title="Details"
                description={<span className="break-all">@{profile.data.user.username} · {profile.data.user.email}</span>}
                action={<Badge tone="outline">{roleLabel(profile.data.user.role)}</Badge>}
              />
              <CardContent className="flex flex-col gap-6">
                <AvatarEditor user={profile.data.user} />
                {/* Keyed by what was saved, so a change made elsewhere (another tab) resets the form to it. */}
                <ProfileDetailsForm key={`${profile.data.user.fullName}\u0000${profile.data.user.bio ?? ''}`} user={profile.data.user} />
              </CardContent>
            </Card>
          </div>
          <div className="min-w-0">
            <StandingCard profile={profile.data} />
          </div>
        </div>
      )}
    </>
  );
}
