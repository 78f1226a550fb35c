import { z } from 'zod';
import { CallAnalysisSchema, CallResultSchema } from '@leadfloor/events';
import { IdQuerySchema, IdSchema, InstantOrDateSchema, InstantSchema } from './scalars';

export { CallResultSchema };

const text = (max: number) => z.string().max(max).nullable().optional().transform((v) => (v?.trim() ? v : null));
const recordingUrl = z.url({ protocol: /^https?$/ }).max(2000).nullable().optional().transform((v) => v ?? null);
const outcome = {
  result: CallResultSchema,
  notes: text(5_000),
  recordingUrl,
  transcript: text(100_000),
};

/** POST /api/calls: a call logged after it happened (the "Log call" dialog). */
export const LogCallBodySchema = z.strictObject({
  leadId: IdSchema,
  durationSeconds: z.number().int().min(0).max(86_400),
  /** When the call began; default: it just ended. Never in the future. */
  startedAt: InstantSchema.optional(),
  ...outcome,
});
export type LogCallBody = z.input<typeof LogCallBodySchema>;
/** POST /api/calls/start: a live call begins. */
export const StartCallBodySchema = z.strictObject({ leadId: IdSchema });
/** POST /api/calls/{id}/complete: it ends; without a duration, the time since the start. */
export const CompleteCallBodySchema = z.strictObject({ durationSeconds: z.number().int().min(0).max(86_400).optional(), ...outcome });

export const CallAnalyticsSchema = CallAnalysisSchema.extend({
  callId: z.number().int(),
  analyzedAt: z.string(),
  /** The script the call was held to: its team (null: the default script) and version. */
  scriptTeamId: z.number().int().nullable(),
  scriptVersion: z.number().int(),
  analyzerVersion: z.number().int(),
});
export type CallAnalytics = z.infer<typeof CallAnalyticsSchema>;

/** A call, with spec 3's field names (duration in seconds). */
export const CallSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  userName: z.string().nullable(),
  teamId: z.number().int().nullable(),
  leadId: z.number().int(),
  leadName: z.string().nullable(),
  status: z.enum(['in_progress', 'completed']),
  startTime: z.string(),
  endTime: z.string().nullable(),
  duration: z.number().int().nullable(),
  callResult: CallResultSchema.nullable(),
  notes: z.string().nullable(),
  recordingUrl: z.string().nullable(),
  transcript: z.string().nullable(),
  createdAt: z.string(),
  /** null until the analysis job has run (calls without a transcript are never analyzed). */
  analytics: CallAnalyticsSchema.nullable(),
  /** The call stream's version (read-your-writes token for GET /api/calls/{id}?minVersion=). */
  version: z.number().int(),
});
export type Call = z.infer<typeof CallSchema>;
export const CallResponseSchema = z.object({ call: CallSchema, version: z.number().int() });

const bool = z.enum(['true', 'false']).transform((v) => v === 'true');
const instant = InstantOrDateSchema;

/** GET /api/calls: newest first; `before` (a call id) pages back. Agents see their own calls. */
export const CallListQuerySchema = z.strictObject({
  leadId: IdQuerySchema.optional(),
  /** Managers and team leads: one member of their team. */
  userId: IdQuerySchema.optional(),
  result: CallResultSchema.optional(),
  status: z.enum(['in_progress', 'completed']).optional(),
  analyzed: bool.optional(),
  from: instant.optional(),
  to: instant.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  before: IdQuerySchema.optional(),
});
export const CallListResponseSchema = z.array(CallSchema);
export const CallReadQuerySchema = z.strictObject({ minVersion: z.coerce.number().int().min(0).optional() });

/** Averages over the calls that have analytics (the dashboard's Call Analytics card). */
export const CallAnalyticsSummarySchema = z.object({
  calls: z.number().int(),
  analyzedCalls: z.number().int(),
  /** 0-10, one decimal; null when no call has analytics. */
  averageSentimentScore: z.number().nullable(),
  /** Whole percent; null when no call has analytics. */
  averageScriptAdherence: z.number().int().nullable(),
});

const trend = {
  calls: z.number().int(),
  connectedCalls: z.number().int(),
  analyzedCalls: z.number().int(),
  totalDurationSeconds: z.number().int(),
  averageSentimentScore: z.number().nullable(),
  averageScriptAdherence: z.number().int().nullable(),
};
export const CallTrendsQuerySchema = z.strictObject({
  weeks: z.coerce.number().int().min(1).max(52).default(8),
  userId: IdQuerySchema.optional(),
});
/** GET /api/call-analytics: per week (weeks start Monday in the floor's time zone) and per agent. */
export const CallTrendsSchema = z.object({
  from: z.string(),
  timeZone: z.string(),
  weeks: z.array(z.object({ weekStart: z.string(), ...trend })),
  agents: z.array(z.object({ userId: z.number().int(), fullName: z.string(), ...trend })),
  results: z.record(CallResultSchema, z.number().int()),
  buyingSignals: z.array(z.object({ label: z.string(), count: z.number().int() })),
  objections: z.array(z.object({ label: z.string(), count: z.number().int() })),
});

export const ScriptCheckpointDtoSchema = z.object({ id: z.string(), label: z.string(), phrases: z.array(z.string()) });
/** A team's call script (version 0: the built-in default). */
export const CallScriptSchema = z.object({
  teamId: z.number().int().nullable(),
  version: z.number().int(),
  checkpoints: z.array(ScriptCheckpointDtoSchema),
  updatedAt: z.string().nullable(),
});
export const CallScriptQuerySchema = z.strictObject({ teamId: IdQuerySchema.optional() });
/** PUT /api/call-script (managers): the checkpoints, each covered when the agent says one of its phrases. */
export const UpdateCallScriptBodySchema = z.strictObject({
  /** Default: the manager's own team. */
  teamId: IdSchema.optional(),
  checkpoints: z.array(z.strictObject({
    label: z.string().trim().min(1).max(120),
    phrases: z.array(z.string().trim().min(1).max(120)).min(1).max(30),
  })).min(1).max(20),
});
export const CallScriptResponseSchema = z.object({ script: CallScriptSchema, version: z.number().int() });
