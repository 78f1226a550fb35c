import { z } from 'zod';
import { UpdateCallScriptBodySchema } from '@leadfloor/contracts';

/** The script editor as typed: each checkpoint's phrases in one box, one per line (commas work too). */
export type ScriptFormValues = { checkpoints: { label: string; phrases: string }[] };

const MAX_CHECKPOINTS = 20;
const MAX_PHRASES = 30;
const MAX_TEXT = 120;

/** A box of phrases as the list the API takes: split on lines and commas, trimmed, empty and repeated ones dropped. */
export function splitPhrases(text: string): string[] {
  const seen = new Set<string>();
  return text.split(/[\n,]/).map((p) => p.trim()).filter((p) => p !== '' && !seen.has(p.toLowerCase()) && Boolean(seen.add(p.toLowerCase())));
}

/** A script as the editor shows it. */
export const toScriptForm = (checkpoints: { label: string; phrases: string[] }[]): ScriptFormValues => ({
  checkpoints: checkpoints.map((c) => ({ label: c.label, phrases: c.phrases.join('\n') })),
});

/**
 * The editor's words for what a manager types, then the API's own schema
 * (UpdateCallScriptBodySchema, without the team, which the page adds).
 */
export const ScriptFormSchema = z.object({
  checkpoints: z.array(z.object({
    label: z.string().trim().min(1, 'Name the checkpoint').max(MAX_TEXT, `At most ${MAX_TEXT} characters`),
    phrases: z.string()
      .refine((v) => splitPhrases(v).length > 0, 'Add at least one phrase the agent would say')
      .refine((v) => splitPhrases(v).length <= MAX_PHRASES, `At most ${MAX_PHRASES} phrases`)
      .refine((v) => splitPhrases(v).every((p) => p.length <= MAX_TEXT), `Each phrase is at most ${MAX_TEXT} characters`),
  })).min(1, 'A script needs at least one checkpoint').max(MAX_CHECKPOINTS, `At most ${MAX_CHECKPOINTS} checkpoints`),
}).transform((f) => ({
  checkpoints: f.checkpoints.map((c) => ({ label: c.label, phrases: splitPhrases(c.phrases) })),
})).pipe(UpdateCallScriptBodySchema.omit({ teamId: true }));

export type ScriptFormOutput = z.output<typeof ScriptFormSchema>;
