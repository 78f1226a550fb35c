import { FunnelPageErrorSchema, type FunnelPageError } from '@leadfloor/contracts';
import { z } from 'zod';
import { isApiError } from '../../lib/api';

const PublishRefusalSchema = z.object({ details: z.object({ pages: z.array(FunnelPageErrorSchema) }) });

/** The page problems a refused publish lists (400 `funnel.invalid_pages`), or null for any other failure. */
export function publishProblems(error: unknown): FunnelPageError[] | null {
  if (!isApiError(error, 400) || error.code !== 'funnel.invalid_pages') return null;
  try {
    const parsed = PublishRefusalSchema.safeParse(JSON.parse(error.bodyText));
    return parsed.success ? parsed.data.details.pages : null;
  } catch {
    return null;
  }
}
