import type { BlockProps } from '../page-content';

export function Hero({ heading, subheading, align }: BlockProps<'Hero'>) {
  return (
    <header className={`fp-hero fp-align-${align === 'left' ? 'left' : 'center'}`}>
      <h1>{heading}</h1>
      {subheading.trim() && <p className="fp-lead">{subheading}</p>}
    </header>
  );
}
