import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PanelError, PanelLoading } from '../../../components/panel-state';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Switch } from '../../../components/ui/switch';
import { useUpdateNotificationPreference } from '../api/notification-mutations';
import { notificationPreferencesQuery } from '../api/notification-queries';
import { desktopPermission, requestDesktopPermission } from '../attention';
import { gatesOf, labelOf, PREFERENCE_GROUPS, type PreferenceKey, type PreferenceSwitch } from '../preference-groups';

type RowProps = { item: PreferenceSwitch; checked: boolean; blockedBy: PreferenceKey[]; saving: boolean; onChange: (next: boolean) => void; note?: string };

function PreferenceRow({ item, checked, blockedBy, saving, onChange, note }: RowProps) {
  const labelId = useId();
  const descriptionId = useId();
  const hint = blockedBy.length > 0 ? `Off while ${blockedBy.map(labelOf).join(' or ')} is off.` : note;
  return (
    <li className="flex items-start justify-between gap-4 py-3">
      <div className="min-w-0">
        <p id={labelId} className="text-sm font-medium text-foreground">{item.label}</p>
        <p id={descriptionId} className="mt-0.5 text-sm text-muted">
          {item.description}
          {hint && <span className="block text-xs">{hint}</span>}
        </p>
      </div>
      <Switch
        checked={checked}
        disabled={saving || blockedBy.length > 0}
        onCheckedChange={onChange}
        aria-labelledby={labelId}
        aria-describedby={descriptionId}
      />
    </li>
  );
}

/**
 * The notification section of /settings: spec 3's 15 preference switches. Each change is
 * saved at once with PUT (only the switch that changed); the switch follows the saved answer.
 * An event's switch is greyed while a switch it depends on (its category, or team activity)
 * is off, since the server would not notify it either way.
 */
export function NotificationPreferencesCard() {
  const { data: prefs, isPending, error, refetch } = useQuery(notificationPreferencesQuery);
  const update = useUpdateNotificationPreference();
  const [permission, setPermission] = useState(desktopPermission);
  const saving = (key: PreferenceKey) => update.isPending && update.variables[key] !== undefined;

  const change = async (key: PreferenceKey, next: boolean) => {
    if (key === 'desktopNotificationsEnabled' && next) setPermission(await requestDesktopPermission());
    update.mutate({ [key]: next });
  };
  const desktopNote = permission === 'denied'
    ? 'Your browser blocks notifications from LeadFloor; allow them in its site settings.'
    : permission === 'unsupported' ? 'This browser cannot show desktop notifications.' : undefined;

  return (
    <Card aria-labelledby="notification-preferences-title">
      <CardHeader titleId="notification-preferences-title" title="Notifications" description="Choose what you are notified about and how." />
      <CardContent className="flex flex-col gap-6">
        {isPending ? (
          <PanelLoading label="Loading notification preferences" rows={4} />
        ) : error ? (
          <PanelError error={error} what="Notification preferences" onRetry={() => refetch()} />
        ) : (
          PREFERENCE_GROUPS.map((group) => (
            <section key={group.title} aria-labelledby={`pref-group-${group.title}`}>
              <h3 id={`pref-group-${group.title}`} className="text-sm font-semibold text-foreground">{group.title}</h3>
              <p className="text-sm text-muted">{group.description}</p>
              <ul className="mt-1 divide-y divide-border">
                {group.switches.map((item) => (
                  <PreferenceRow
                    key={item.key}
                    item={item}
                    checked={prefs[item.key]}
                    blockedBy={gatesOf(item.key).filter((g) => !prefs[g])}
                    saving={saving(item.key)}
                    onChange={(next) => void change(item.key, next)}
                    note={item.key === 'desktopNotificationsEnabled' ? desktopNote : undefined}
                  />
                ))}
              </ul>
            </section>
          ))
        )}
      </CardContent>
    </Card>
  );
}
