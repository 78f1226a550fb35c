import { HONEYPOT_FIELD, RENDER_TOKEN_FIELD, isFieldTarget } from '../form-fields';
import type { BlockProps } from '../page-content';
import { useStepTarget } from './render-context';

const AUTOCOMPLETE: Record<string, string> = {
  name: 'name', email: 'email', phone: 'tel', address: 'street-address', city: 'address-level2', state: 'address-level1',
};

/** A plain HTML form: it posts without JavaScript; the server answers 303 to the next step. */
export function Form({ id, heading, submitLabel, fields }: BlockProps<'Form'>) {
  const target = useStepTarget();
  const inputId = (name: string) => `${id}-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  return (
    <section className="fp-form-block">
      {heading.trim() && <h2>{heading}</h2>}
      <form className="fp-form" method="post" action={target?.formAction} noValidate={target === null}>
        {target && <input type="hidden" name={RENDER_TOKEN_FIELD} value={target.renderToken} />}
        {target && Object.entries(target.hiddenFields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />)}
        {fields.map((f, i) => {
          const name = f.mapsTo.trim();
          if (!isFieldTarget(name)) return null;
          const common = { id: inputId(name), name, required: f.required, autoComplete: AUTOCOMPLETE[name] };
          return (
            <div key={i} className="fp-field">
              <label htmlFor={common.id}>{f.label}{f.required && <span aria-hidden="true"> *</span>}</label>
              {f.type === 'textarea' ? <textarea {...common} rows={4} maxLength={2000} /> : <input {...common} type={f.type} maxLength={300} />}
            </div>
          );
        })}
        <div className="fp-hp" aria-hidden="true">
          <label htmlFor={`${id}-hp`}>Leave this empty</label>
          <input id={`${id}-hp`} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
        </div>
        <button className="fp-button" type={target ? 'submit' : 'button'}>{submitLabel.trim() || 'Submit'}</button>
      </form>
    </section>
  );
}
