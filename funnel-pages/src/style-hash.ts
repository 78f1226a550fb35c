import { createHash } from 'node:crypto';
import { FUNNEL_PAGE_CSS } from './page-css';

/** The CSP source that allows exactly the page's inline stylesheet: style-src 'sha256-...'. */
export const FUNNEL_PAGE_STYLE_SOURCE = `'sha256-${createHash('sha256').update(FUNNEL_PAGE_CSS, 'utf8').digest('base64')}'`;
