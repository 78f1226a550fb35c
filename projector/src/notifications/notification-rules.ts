import type { NotificationEvent } from '@leadfloor/contracts';
import type { RecordedEvent } from '@leadfloor/events';
import type { NotificationWorld } from './notification-world';
import { closerNotification } from './closer-notification-rules';

export type Draft = {
  recipients: number[];
  eventType: NotificationEvent;
  category: 'lead' | 'sale' | 'call' | 'team' | 'closers';
  message: string;
  data: Record<string, unknown>;
};

type D = Record<string, unknown> & { at: string };
const typeLabel: Record<string, string> = { real_estate: 'Real Estate', finance: 'Finance', forex: 'Forex' };

/**
 * Updates the projection's model of the floor with one event and says who should hear about
 * it. Pure but for the world it updates; never reads the clock.
 */
export function route(e: RecordedEvent, w: NotificationWorld): Draft | Draft[] | null {
  const d = e.data as D;
  const actor = e.metadata.actorId;
  const name = (id: number | null | undefined) => (id == null ? 'Someone' : w.members.get(id)?.full_name ?? `User ${id}`);
  const managerOf = (id: number | null) => (id == null ? null : w.members.get(id)?.manager_id ?? null);
  const others = (ids: (number | null | undefined)[]) => [...new Set(ids.filter((i): i is number => i != null && i !== actor))];
  switch (e.type) {
    case 'UserRegistered':
      w.setMember({ user_id: d.userId as number, full_name: d.fullName as string, role: d.role as string, team_id: null, manager_id: null });
      return null;
    case 'RoleChanged':
    case 'UserJoinedTeam':
    case 'UserLeftTeam':
    case 'ProfileUpdated': {
      const m = w.members.get(d.userId as number);
      if (!m) return null;
      if (e.type === 'RoleChanged') w.setMember({ ...m, role: d.to as string });
      if (e.type === 'UserJoinedTeam') w.setMember({ ...m, team_id: d.teamId as number, manager_id: (d.managerId as number | null) ?? null });
      if (e.type === 'UserLeftTeam' && m.team_id === d.teamId) w.setMember({ ...m, team_id: null, manager_id: null });
      if (e.type === 'ProfileUpdated' && typeof d.fullName === 'string') w.setMember({ ...m, full_name: d.fullName });
      return null;
    }
    case 'NotificationPreferencesChanged': {
      const p = w.prefsOf(d.userId as number);
      p.prefs = { ...p.prefs, ...(d.changes as Record<string, boolean>) };
      w.touchPrefs(d.userId as number);
      return null;
    }
    case 'TeamCreated':
      w.setTeam({ team_id: d.teamId as number, lead_type: (d.leadType as string | null) ?? null, manager_id: (d.managerId as number | null) ?? null, lead_ids: [] });
      return null;
    case 'TeamLeadAppointed': {
      const t = w.teams.get(d.teamId as number);
      if (t && !t.lead_ids.includes(d.userId as number)) w.setTeam({ ...t, lead_ids: [...t.lead_ids, d.userId as number] });
      return null;
    }
    case 'TeamLeadRemoved': {
      const t = w.teams.get(d.teamId as number);
      if (t?.lead_ids.includes(d.userId as number)) w.setTeam({ ...t, lead_ids: t.lead_ids.filter((id) => id !== d.userId) });
      return null;
    }
    case 'LeadDetailsEdited': {
      // A renamed lead is named as it is now in what follows (its sale, its calls).
      const lead = w.leads.get(d.leadId as number);
      const name = (d.changes as { name?: string }).name;
      if (lead && name !== undefined) w.setLead({ ...lead, name });
      return null;
    }
    case 'LeadCreated':
    case 'LeadDripReleased': {
      const known = e.type === 'LeadDripReleased' ? w.leads.get(d.leadId as number) : undefined;
      if (e.type === 'LeadDripReleased' && !known) return null;
      const lead = known ?? { lead_id: d.leadId as number, name: d.name as string, lead_type: d.leadType as string, created_by: (d.createdBy as number | null) ?? null, claimed_by: null };
      if (!known) w.setLead(lead);
      // A lead the drip holds back is news when it enters the pool, not before.
      if (e.type === 'LeadCreated' && typeof d.releaseAt === 'string') return null;
      // The team that works this lead type hears of it; with no such team, the managers do.
      const teams = [...w.teams.values()].filter((t) => t.lead_type === lead.lead_type).map((t) => t.team_id);
      const members = [...w.members.values()];
      const recipients = teams.length > 0 ? members.filter((m) => m.team_id !== null && teams.includes(m.team_id)) : members.filter((m) => m.role === 'manager');
      return {
        recipients: others(recipients.map((m) => m.user_id)), eventType: 'new_lead', category: 'lead',
        message: `${lead.name} (${typeLabel[lead.lead_type] ?? lead.lead_type}) was added to the pool`,
        data: { leadId: lead.lead_id, lead: { name: lead.name, leadType: lead.lead_type, status: 'available' } },
      };
    }
    case 'LeadClaimed':
    case 'LeadReleased':
    case 'LeadReassigned':
    case 'LeadStatusChanged': {
      const lead = w.leads.get(d.leadId as number);
      if (!lead) return null;
      if (e.type === 'LeadClaimed') w.setLead({ ...lead, claimed_by: d.userId as number });
      if (e.type === 'LeadReleased') w.setLead({ ...lead, claimed_by: null });
      if (e.type === 'LeadReassigned') w.setLead({ ...lead, claimed_by: d.to as number });
      const summary = { name: lead.name, leadType: lead.lead_type };
      if (e.type === 'LeadClaimed') {
        return {
          recipients: others([lead.created_by, managerOf(d.userId as number)]), eventType: 'lead_claimed', category: 'lead',
          message: `${name(d.userId as number)} claimed ${lead.name}`,
          data: { leadId: lead.lead_id, lead: { ...summary, status: 'claimed' }, user: { id: d.userId, fullName: name(d.userId as number) } },
        };
      }
      if (e.type === 'LeadReleased' && d.reason === 'auto_release') {
        return {
          recipients: others([d.userId as number]), eventType: 'lead_auto_released', category: 'lead',
          message: `${lead.name} went back to the pool: no contact within the floor's auto-release time`,
          data: { leadId: lead.lead_id, lead: { ...summary, status: 'available' }, policyVersion: d.policyVersion },
        };
      }
      if (e.type === 'LeadStatusChanged') {
        const holder = lead.claimed_by;
        const team = holder == null ? undefined : w.teams.get(w.members.get(holder)?.team_id ?? -1);
        return {
          recipients: others([holder, managerOf(holder), ...(team?.lead_ids ?? [])]), eventType: 'lead_status_changed', category: 'lead',
          message: `${lead.name}: ${d.from} → ${d.to}`,
          data: { leadId: lead.lead_id, lead: { ...summary, status: d.to }, from: d.from, to: d.to, user: { id: actor, fullName: name(actor) } },
        };
      }
      return null;
    }
    case 'LeadOffered': {
      const lead = w.leads.get(d.leadId as number);
      if (!lead) return null;
      return {
        recipients: [d.userId as number], eventType: 'lead_offered', category: 'lead',
        message: `${lead.name} (${typeLabel[lead.lead_type] ?? lead.lead_type}) is offered to you: accept or pass before it moves on`,
        data: { leadId: lead.lead_id, lead: { name: lead.name, leadType: lead.lead_type, status: 'available' }, expiresAt: d.expiresAt, offeredAt: d.at },
      };
    }
    case 'LeadAutoReleaseWarned': {
      const lead = w.leads.get(d.leadId as number);
      if (!lead) return null;
      const minutes = Math.max(1, Math.round((Date.parse(d.releaseAt as string) - Date.parse(d.at)) / 60_000));
      const within = minutes >= 120 && minutes % 60 === 0 ? `${minutes / 60} hours` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
      return {
        recipients: others([d.userId as number]), eventType: 'lead_auto_release_warning', category: 'lead',
        message: `Contact ${lead.name} within ${within} or the lead goes back to the pool`,
        data: { leadId: lead.lead_id, lead: { name: lead.name, leadType: lead.lead_type, status: 'claimed' }, releaseAt: d.releaseAt, policyVersion: d.policyVersion },
      };
    }
    case 'SaleRecorded':
    case 'CallStarted':
    case 'CallCompleted': {
      const seller = d.userId as number;
      const member = w.members.get(seller);
      const team = member?.team_id == null ? undefined : w.teams.get(member.team_id);
      const lead = w.leads.get(d.leadId as number);
      const leadName = lead?.name ?? `lead ${d.leadId}`;
      // Managers hear of their people's sales and calls; the team hears of a sale, team leads of calls.
      const managers = others([member?.manager_id, team?.manager_id]);
      const data = { leadId: d.leadId, lead: lead ? { name: lead.name, leadType: lead.lead_type } : null, user: { id: seller, fullName: name(seller) } };
      if (e.type === 'SaleRecorded') {
        const amount = usd.format(Math.round((d.amountCents as number) / 100));
        const teammates = [...w.members.values()].filter((m) => member?.team_id != null && m.team_id === member.team_id).map((m) => m.user_id);
        return [
          { recipients: managers, eventType: 'new_sale', category: 'sale', message: `${name(seller)} sold ${leadName} for ${amount}`, data: { ...data, saleId: d.saleId, amountCents: d.amountCents } },
          { recipients: others(teammates).filter((id) => !managers.includes(id)), eventType: 'team_member_sale', category: 'team', message: `${name(seller)} closed a ${amount} sale`, data: { ...data, saleId: d.saleId, amountCents: d.amountCents } },
        ];
      }
      const leads = others(team?.lead_ids ?? []).filter((id) => !managers.includes(id));
      if (e.type === 'CallStarted') {
        return [
          { recipients: managers, eventType: 'new_call', category: 'call', message: `${name(seller)} is calling ${leadName}`, data: { ...data, callId: d.callId } },
          { recipients: leads, eventType: 'team_member_call', category: 'team', message: `${name(seller)} started a call with ${leadName}`, data: { ...data, callId: d.callId } },
        ];
      }
      const duration = `${Math.floor((d.durationSeconds as number) / 60)}m ${(d.durationSeconds as number) % 60}s`;
      const done = { ...data, callId: d.callId, duration: d.durationSeconds, result: d.result };
      return [
        { recipients: managers, eventType: 'call_completed', category: 'call', message: `${name(seller)} finished a ${duration} call with ${leadName} (${String(d.result).replace('_', ' ')})`, data: done },
        { recipients: leads, eventType: 'team_member_call_completed', category: 'team', message: `${name(seller)} finished a ${duration} call with ${leadName}`, data: done },
      ];
    }
    case 'TeamMessagePosted': {
      // Mentions are resolved when the message is written (the team's people only, never its author).
      const author = d.authorId as number;
      const text = (d.content as string).replace(/\s+/g, ' ').trim();
      return {
        recipients: others(d.mentionedUserIds as number[]).filter((id) => id !== author), eventType: 'team_mention', category: 'team',
        message: `${name(author)} mentioned you: "${text.length > 120 ? `${text.slice(0, 119)}…` : text}"`,
        data: { teamId: d.teamId, messageId: d.messageId, user: { id: author, fullName: name(author) } },
      };
    }
    case 'TeamTaskCreated':
    case 'TeamTaskChanged': {
      // A task made for, or handed to, someone other than whoever did it.
      const to = (e.type === 'TeamTaskCreated' ? d.assignedUserId : (d.changes as { assignedUserId?: number }).assignedUserId) as number | undefined;
      const by = (e.type === 'TeamTaskCreated' ? d.createdBy as number : actor);
      return {
        recipients: others([to]).filter((id) => id !== by), eventType: 'task_assigned', category: 'team',
        message: `${name(by)} gave you a task: ${d.title as string}`,
        data: { teamId: d.teamId, taskId: d.taskId, user: { id: by, fullName: name(by) } },
      };
    }
    case 'TeamTaskFellOverdue':
      return {
        recipients: [d.assignedUserId as number], eventType: 'task_overdue', category: 'team',
        message: `Overdue: ${d.title as string} (due ${dueFormat.format(new Date(d.dueAt as string))} UTC)`,
        data: { teamId: d.teamId, taskId: d.taskId, dueAt: d.dueAt },
      };
    case 'ApplicationSubmitted':
    case 'ApplicationStatusChanged':
    case 'ApplicationMessagePosted':
      return closerNotification(e, name);
    default:
      return null;
  }
}

// Task due times in notifications: the projection has no floor time zone, so it says UTC plainly.
const dueFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' });
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
