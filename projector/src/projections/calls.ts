import { parseEventData, type CallAnalysis, type CallEvent, type RecordedEvent } from '@leadfloor/events';
import { rowProjection } from '@leadfloor/infra/projections/row-projection';

/** One row per call, with its latest analysis: the call log, the call detail and call analytics. */
export type CallRow = {
  id: number; user_id: number; team_id: number | null; lead_id: number; status: 'in_progress' | 'completed';
  started_at: string; ended_at: string | null; duration: number | null; result: string | null; notes: string | null;
  recording_url: string | null; transcript: string | null;
  analytics: (CallAnalysis & { scriptTeamId: number | null; scriptVersion: number; analyzerVersion: number }) | null;
  sentiment_score: number | null; script_adherence: number | null; analyzed_at: string | null; version: number;
};

const handles = ['CallStarted', 'CallCompleted', 'CallAnalyzed'] as const;

function reduce(row: CallRow | null, e: RecordedEvent): CallRow | null {
  const ev = { type: e.type, data: parseEventData(e.type as (typeof handles)[number], e.data, e.metadata.schemaVersion) } as CallEvent;
  switch (ev.type) {
    case 'CallStarted': {
      const d = ev.data;
      return {
        id: d.callId, user_id: d.userId, team_id: d.teamId, lead_id: d.leadId, status: 'in_progress', started_at: d.at,
        ended_at: null, duration: null, result: null, notes: null, recording_url: null, transcript: null,
        analytics: null, sentiment_score: null, script_adherence: null, analyzed_at: null, version: 0,
      };
    }
    case 'CallCompleted': {
      const d = ev.data;
      return row && {
        ...row, status: 'completed', ended_at: d.at, duration: d.durationSeconds, result: d.result, notes: d.notes,
        recording_url: d.recordingUrl, transcript: d.transcript,
      };
    }
    case 'CallAnalyzed': {
      const { analysis, scriptTeamId, scriptVersion, analyzerVersion, at } = ev.data;
      return row && {
        ...row, analytics: { ...analysis, scriptTeamId, scriptVersion, analyzerVersion }, sentiment_score: analysis.sentimentScore,
        script_adherence: analysis.scriptAdherence, analyzed_at: at,
      };
    }
    default:
      return row;
  }
}

export const calls = rowProjection<CallRow>({
  name: 'calls_v1',
  table: 'calls_v1',
  keyColumn: 'id',
  handles,
  keyOf: (e) => (e.streamId.startsWith('call-') ? Number(e.streamId.slice(5)) : null),
  reduce,
  async createTables(db, { rows: t }) {
    await db.query(`
      create table "${t}" (
        id int primary key, user_id int not null, team_id int, lead_id int not null, status text not null,
        started_at timestamptz not null, ended_at timestamptz, duration int, result text, notes text,
        recording_url text, transcript text, analytics jsonb, sentiment_score numeric(3,1), script_adherence int,
        analyzed_at timestamptz, version int not null
      );
      create index on "${t}" (user_id, started_at desc);
      create index on "${t}" (team_id, started_at desc);
      create index on "${t}" (lead_id);
    `);
  },
});
