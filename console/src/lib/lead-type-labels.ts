import type { z } from 'zod';
import type { LeadTypeSchema } from '@leadfloor/contracts';

/** Spec 2.8's lead type choices, as every screen names them. */
export const LEAD_TYPE_LABELS: Record<z.infer<typeof LeadTypeSchema>, string> = { real_estate: 'Real Estate', finance: 'Finance', forex: 'Forex' };
