import { BrainCircuit, Quote, TrendingUp, Users } from 'lucide-react';

// Spec 1: the sign-in page pitches these three and shows a testimonial.
const PITCHES = [
  { icon: BrainCircuit, title: 'AI-powered lead insights', text: 'Scores, buying signals and call analytics tell you which lead to call next.' },
  { icon: Users, title: 'Real-time team collaboration', text: 'Claims, stage moves and wins reach the whole floor the moment they happen.' },
  { icon: TrendingUp, title: 'High-converting marketing funnels', text: 'Turn campaigns into a steady stream of qualified leads for your pool.' },
] as const;

/** The pitch panel beside the forms (below them on small screens). */
export function AuthShowcase() {
  return (
    <aside
      aria-label="Why LeadFloor"
      className="relative flex flex-col justify-between gap-10 overflow-hidden bg-[linear-gradient(135deg,#312e81_0%,#4338ca_45%,#6d28d9_100%)] px-6 py-10 text-white sm:px-10 lg:px-14 lg:py-14"
    >
      <div aria-hidden className="pointer-events-none absolute -top-24 -right-24 size-96 rounded-full bg-white/10 blur-3xl" />
      <div className="relative max-w-lg">
        <p className="text-sm font-semibold tracking-wider text-indigo-200 uppercase">The console for sales floors</p>
        <h2 className="mt-3 text-3xl leading-tight font-semibold tracking-tight lg:text-4xl">
          Every lead claimed once. Every deal moving.
        </h2>
        <ul className="mt-10 flex flex-col gap-6">
          {PITCHES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-white/15 ring-1 ring-white/20">
                <Icon aria-hidden className="size-5" />
              </span>
              <span>
                <span className="block font-semibold">{title}</span>
                <span className="mt-0.5 block text-sm text-indigo-100">{text}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
      <figure className="relative max-w-lg rounded-2xl bg-white/10 p-6 ring-1 ring-white/15 backdrop-blur-sm">
        <Quote aria-hidden className="size-6 text-indigo-200" />
        <blockquote className="mt-3 text-base leading-relaxed">
          “Before LeadFloor, two closers would call the same prospect before lunch. Now a lead is
          claimed once, the pipeline is always current, and my team spends the day selling.”
        </blockquote>
        <figcaption className="mt-4 text-sm text-indigo-100">
          <span className="font-semibold text-white">Head of Sales</span> · a 120-seat mortgage floor
        </figcaption>
      </figure>
    </aside>
  );
}
