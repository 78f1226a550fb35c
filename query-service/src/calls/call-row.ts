import type { Call } from '@leadfloor/contracts';

export type CallRowWithNames = {
  id: number; user_id: number; user_name: string | null; team_id: number | null; lead_id: number; lead_name: string | null;
  status: Call['status']; started_at: Date; ended_at: Date | null; duration: number | null; result: Call['callResult'];
  notes: string | null; recording_url: string | null; transcript: string | null;
  analytics: Omit<NonNullable<Call['analytics']>, 'callId' | 'analyzedAt'> | null; analyzed_at: Date | null; version: number;
};

export const CALL_SELECT = `
  select c.*, u.full_name as user_name, l.name as lead_name
  from calls_v1 c left join users_v1 u on u.id = c.user_id left join lead_pool_v1 l on l.id = c.lead_id`;

export const callFromRow = (r: CallRowWithNames): Call => ({
  id: r.id, userId: r.user_id, userName: r.user_name, teamId: r.team_id, leadId: r.lead_id, leadName: r.lead_name,
  status: r.status, startTime: r.started_at.toISOString(), endTime: r.ended_at?.toISOString() ?? null, duration: r.duration,
  callResult: r.result, notes: r.notes, recordingUrl: r.recording_url, transcript: r.transcript, createdAt: r.started_at.toISOString(),
  analytics: r.analytics && r.analyzed_at ? { ...r.analytics, callId: r.id, analyzedAt: r.analyzed_at.toISOString() } : null,
  version: r.version,
});
