import { deadline } from '../media-urls';
import type { BlockProps } from '../page-content';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const two = (n: number) => String(n).padStart(2, '0');

/** A fixed wording of the instant (not the visitor's locale), so a rebuild gives the same bytes. */
export function formatDeadline(at: Date): string {
  return `${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}, ${two(at.getUTCHours())}:${two(at.getUTCMinutes())} UTC`;
}

/** The deadline is rendered as text when the page is published: visitors run no script. */
export function Countdown({ heading, endsAt, note }: BlockProps<'Countdown'>) {
  const at = deadline(endsAt);
  return (
    <section className="fp-countdown">
      {heading.trim() && <h2>{heading}</h2>}
      {at
        ? <p className="fp-deadline">Ends <time dateTime={at.toISOString()}>{formatDeadline(at)}</time></p>
        : <p className="fp-placeholder">Countdown: set the deadline as YYYY-MM-DD HH:mm (UTC)</p>}
      {note.trim() && <p>{note}</p>}
    </section>
  );
}
