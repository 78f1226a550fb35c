import { z } from 'zod';
import { CallResultSchema, LogCallBodySchema, type LogCallBody } from '@leadfloor/contracts';
import { MAX_CALL_SECONDS, parseDuration } from './call-duration';

/**
 * The form's own words for what a person types, then the API's schema (LogCallBodySchema) for
 * everything else: the body that leaves the form is the body the server validates. Fields are
 * named as the body's members, so the API's field errors land on them too; the one exception,
 * `duration`, is checked here before it becomes `durationSeconds`.
 */
export const LogCallFormSchema = z.object({
  leadId: z.string().regex(/^\d+$/, 'Choose the lead you called'),
  duration: z.string()
    .refine((v) => v.trim() !== '', 'Enter how long the call lasted')
    .refine((v) => v.trim() === '' || parseDuration(v) !== null, 'Use minutes and seconds, e.g. 4:05 or 4m 5s')
    .refine((v) => (parseDuration(v) ?? 0) <= MAX_CALL_SECONDS, 'A call lasts at most 24 hours'),
  result: z.string().refine((v) => v !== '', 'Choose how the call ended').pipe(CallResultSchema),
  notes: z.string(),
  recordingUrl: z.string().trim().refine((v) => v === '' || /^https?:\/\//i.test(v), 'Enter a web address starting with https://'),
  transcript: z.string(),
}).transform((f): LogCallBody => ({
  leadId: Number(f.leadId),
  durationSeconds: parseDuration(f.duration) ?? 0,
  result: f.result,
  notes: f.notes,
  recordingUrl: f.recordingUrl === '' ? null : f.recordingUrl,
  transcript: f.transcript,
})).pipe(LogCallBodySchema);

/** The Log call form as typed: every control holds text; the duration as '4:05' or '4m 5s'. */
export type LogCallFormValues = z.input<typeof LogCallFormSchema>;
export type LogCallFormOutput = z.output<typeof LogCallFormSchema>;
export const EMPTY_LOG_CALL: LogCallFormValues = { leadId: '', duration: '', result: '', notes: '', recordingUrl: '', transcript: '' };
