import { renderToStaticMarkup } from 'react-dom/server';
import { PageBlockView } from './blocks/page-blocks';
import { StepTargetContext, type StepTarget } from './blocks/render-context';
import { FUNNEL_PAGE_CSS } from './page-css';
import { PageContentSchema } from './page-content';

export type StepRenderContext = StepTarget & { title: string };

/**
 * A published step as a whole HTML document: the same blocks the builder shows, rendered once to
 * static markup, so visitors load no React and no script. The same content and context give the
 * same bytes. Throws when `content` is not a page (publishing validates first).
 */
export function renderStepHtml(content: unknown, ctx: StepRenderContext): string {
  const page = PageContentSchema.parse(content);
  const { title, ...target } = ctx;
  const body = renderToStaticMarkup(
    <StepTargetContext value={target}>
      <main className="fp-page">
        {page.content.map((block) => <PageBlockView key={block.props.id} block={block} />)}
      </main>
    </StepTargetContext>,
  );
  const head = renderToStaticMarkup(<title>{title}</title>);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${head}<style>${FUNNEL_PAGE_CSS}</style></head><body>${body}</body></html>`;
}
