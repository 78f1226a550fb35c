import { z } from 'zod';

/**
 * Every error answer: RFC 9457 problem details (type, title, status, code) extended with the
 * members the console reads (spec 7): message, error (a stable code such as
 * invalid_credentials), field (the input at fault) and errors (per-field messages).
 */
export const ErrorBodySchema = z.object({
  type: z.string().describe('A URI naming the kind of problem (derived from `code`).'),
  title: z.string(),
  status: z.number().int(),
  code: z.string().describe('Stable, machine-readable: validation_failed, not_authenticated, lead.not_available, rate_limited...'),
  detail: z.string().optional(),
  message: z.string().describe('What to show a person.'),
  error: z.string().describe('The same as `code` (the console reads it).'),
  field: z.string().optional().describe('The input at fault, as a form names it.'),
  errors: z.array(z.object({
    field: z.string(), message: z.string(), path: z.string().optional(), code: z.string().optional(),
  })).optional(),
  details: z.record(z.string(), z.unknown()).optional().describe('Facts the answer may show (a lost claim: the lead\'s status and holder).'),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
