import type { BlockProps } from '../page-content';

export function BulletList({ heading, items }: BlockProps<'BulletList'>) {
  return (
    <section className="fp-section">
      {heading.trim() && <h2>{heading}</h2>}
      <ul className="fp-bullets">
        {items.filter((item) => item.text.trim()).map((item, i) => <li key={i}>{item.text}</li>)}
      </ul>
    </section>
  );
}

/** Answers open in place with <details>: no script on the page. */
export function Faq({ heading, items }: BlockProps<'Faq'>) {
  return (
    <section className="fp-section">
      {heading.trim() && <h2>{heading}</h2>}
      <div className="fp-faq">
        {items.map((item, i) => (
          <details key={i}>
            <summary>{item.question}</summary>
            <p>{item.answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}

export function Testimonial({ quote, author, role }: BlockProps<'Testimonial'>) {
  return (
    <figure className="fp-testimonial">
      <blockquote><p>{quote}</p></blockquote>
      <figcaption>
        <span className="fp-author">{author}</span>
        {role.trim() && <span className="fp-role">{role}</span>}
      </figcaption>
    </figure>
  );
}
