import type { Level, Role } from '@leadfloor/contracts';

// Display names of the contracts' enums; spec 6 names the manager role 'Sales Manager'.
const ROLE_LABELS: Record<Role, string> = { agent: 'Agent', teamLead: 'Team Lead', manager: 'Sales Manager' };
const LEVEL_LABELS: Record<Level, string> = { rookie: 'Rookie', pro: 'Pro', elite: 'Elite' };

export const roleLabel = (role: Role): string => ROLE_LABELS[role];
export const levelLabel = (level: Level): string => LEVEL_LABELS[level];
