import { useId } from 'react';
import { Select } from '../../../components/ui/select';
import { cx } from '../../../lib/cx';

type SwitcherTeam = { id: number; name: string };

/**
 * The team a tab shows (its chat, its tasks), for someone who can open more than one: a manager
 * of several teams. Nothing for someone with one team, whose tab simply shows it.
 */
export function TeamSwitcher({ teams, value, onChange, className }: { teams: SwitcherTeam[]; value: number; onChange: (teamId: number) => void; className?: string }) {
  const id = useId();
  if (teams.length < 2) return null;
  return (
    <div className={cx('flex items-center gap-3', className)}>
      <label htmlFor={id} className="text-sm font-medium text-foreground">Team</label>
      <div className="min-w-0 flex-1 sm:w-72 sm:flex-none">
        <Select id={id} value={value} onChange={(e) => onChange(Number(e.target.value))}>
          {teams.map((t) => <option key={t.id} value={t.id}>{t.name}</option>)}
        </Select>
      </div>
    </div>
  );
}
