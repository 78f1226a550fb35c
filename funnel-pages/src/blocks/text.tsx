import { Fragment } from 'react';
import type { BlockProps } from '../page-content';

/** Blank lines separate paragraphs; a single line break stays a line break. */
export function Text({ body }: BlockProps<'Text'>) {
  const paragraphs = body.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
  return (
    <section className="fp-text">
      {paragraphs.map((p, i) => (
        <p key={i}>{p.split('\n').map((line, j) => <Fragment key={j}>{j > 0 && <br />}{line}</Fragment>)}</p>
      ))}
    </section>
  );
}
