import type { BlockProps } from '../page-content';

export function Pricing({ heading, plans }: BlockProps<'Pricing'>) {
  return (
    <section className="fp-section">
      {heading.trim() && <h2>{heading}</h2>}
      <div className="fp-plans">
        {plans.map((plan, i) => (
          <article key={i} className={plan.highlighted ? 'fp-plan fp-plan-highlighted' : 'fp-plan'}>
            <h3>{plan.name}</h3>
            <p className="fp-price">
              {plan.price}
              {plan.period.trim() && <span className="fp-period"> / {plan.period}</span>}
            </p>
            <ul className="fp-bullets">
              {plan.features.split('\n').map((f) => f.trim()).filter(Boolean).map((f, j) => <li key={j}>{f}</li>)}
            </ul>
          </article>
        ))}
      </div>
    </section>
  );
}
