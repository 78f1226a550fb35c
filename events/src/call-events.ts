import { z } from 'zod';

export const CallResultSchema = z.enum(['connected', 'voicemail', 'no_answer', 'busy', 'wrong_number']);
export type CallResult = z.infer<typeof CallResultSchema>;

const at = z.iso.datetime({ offset: true });
const id = z.number().int().positive();

/** One checkpoint of a team's call script: covered when the agent says any of its phrases. */
export const ScriptCheckpointSchema = z.object({ id: z.string(), label: z.string(), phrases: z.array(z.string()) });
export type ScriptCheckpoint = z.infer<typeof ScriptCheckpointSchema>;

/** What the local analyzer makes of a transcript (spec 3's call_analytics fields). */
export const CallAnalysisSchema = z.object({
  /** 0-10, one decimal: the customer's mood (5 is neutral). */
  sentimentScore: z.number().min(0).max(10),
  sentiment: z.enum(['positive', 'neutral', 'negative']),
  /** 0-100: share of the script's checkpoints the agent covered. */
  scriptAdherence: z.number().int().min(0).max(100),
  scriptAdherenceDetails: z.array(z.object({ checkpoint: z.string(), covered: z.boolean(), matched: z.string().nullable() })),
  scriptDeviations: z.array(z.string()),
  buyingSignals: z.array(z.string()),
  objections: z.array(z.string()),
  keyTopics: z.array(z.string()),
  suggestions: z.array(z.string()),
  actionItems: z.array(z.string()),
  insights: z.array(z.string()),
  summary: z.string(),
});
export type CallAnalysis = z.infer<typeof CallAnalysisSchema>;

export const callEventSchemas = {
  // teamId: the caller's team when the call was made; it picks the script the call is held to.
  CallStarted: z.object({ callId: id, leadId: id, userId: id, teamId: id.nullable(), at }),
  CallCompleted: z.object({
    callId: id, leadId: id, userId: id, teamId: id.nullable(),
    durationSeconds: z.number().int().min(0),
    result: CallResultSchema,
    notes: z.string().nullable(),
    recordingUrl: z.string().nullable(),
    transcript: z.string().nullable(),
    at,
  }),
  // Re-analysis (a script change, a better analyzer) appends a new CallAnalyzed; the last one counts.
  CallAnalyzed: z.object({
    callId: id, analysis: CallAnalysisSchema,
    scriptTeamId: id.nullable(), scriptVersion: z.number().int().min(0), analyzerVersion: z.number().int().min(1), at,
  }),
  // Stream callscript-{teamId}; version 0 is the built-in default script.
  CallScriptUpdated: z.object({ teamId: id, checkpoints: z.array(ScriptCheckpointSchema), by: id, at }),
} as const;

export type CallEventType = keyof typeof callEventSchemas;
export type CallEvent = { [T in CallEventType]: { type: T; data: z.infer<(typeof callEventSchemas)[T]> } }[CallEventType];

/**
 * The script a team's calls are held to until its manager writes one (script version 0).
 * Phrases are matched in the agent's lines, case-insensitively, as whole words.
 */
export const defaultCallScript: readonly ScriptCheckpoint[] = [
  { id: 'greeting', label: 'Greet and introduce yourself', phrases: ['my name is', 'this is', 'calling from', 'speaking with'] },
  { id: 'permission', label: 'Ask for a moment of their time', phrases: ['good time', 'a few minutes', 'a quick minute', 'do you have a moment'] },
  { id: 'discovery', label: 'Discover their needs', phrases: ['what are you looking for', 'tell me about', 'what matters most', 'how soon', 'what is your budget', "what's your budget"] },
  { id: 'value', label: 'Present the value', phrases: ['we can', 'we offer', 'our clients', 'the benefit', 'you would get', 'that means you'] },
  { id: 'objections', label: 'Check for concerns', phrases: ['any concerns', 'any questions', 'does that make sense', 'how does that sound'] },
  { id: 'next-steps', label: 'Agree on next steps', phrases: ['next step', 'schedule', 'follow up', 'send you', 'book a', 'set up a'] },
];
