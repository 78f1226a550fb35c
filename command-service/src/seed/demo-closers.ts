import type { JobFields } from '@leadfloor/events';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import { applicationStream, oneApplicationKey, type ApplicationStatus } from '../closers/application';
import { applicationMessageAggregate, applicationMessageStream, reviewerNoteAggregate, reviewerNoteStream } from '../closers/application-thread';
import { applicationAggregate } from '../closers/decide-application';
import { jobAggregate } from '../closers/decide-job';
import { jobStream, type JobStatus } from '../closers/job';
import type { Actor } from '../leads/commands';
import type { HandleCommand } from '../shared/handle-command';
import { DEMO_SEED_CORRELATION } from './demo-sign-ins';
import type { FloorMember } from './seed-leads';

const DAY = 86_400_000;
const actorOf = (m: FloorMember): Actor => ({ id: m.id, role: m.role, teamId: m.teamId });

type Fields = Omit<JobFields, 'fileUploads'>;
const job = (f: Partial<Fields> & Pick<Fields, 'title' | 'companyName' | 'productName' | 'salesPrice' | 'commissionRate' | 'location' | 'type'>): Fields => ({
  description: `Sell ${f.productName} for ${f.companyName}. Warm inbound leads, a proven script and weekly coaching.`,
  companyWebsite: null, targetMarket: null, tipsAndTricks: null, annualSales: null, yearsTrading: null, videoUrl: null,
  compensation: null, requirements: null, skillsRequired: [], ...f,
});

/** An application as the plan lays it out: who, the steps its status took, and its thread. */
type Plan = {
  closer: string; daysAgo: number;
  steps?: { to: ApplicationStatus; feedback?: string; withdraw?: true; daysAgo: number }[];
  thread?: { from: 'closer' | 'owner'; text: string; daysAgo: number }[];
  note?: string;
};
type JobPlan = { owner: string; daysAgo: number; status: JobStatus; fields: Fields; applications: Plan[] };

const plans: JobPlan[] = [
  {
    owner: 'manager', daysAgo: 21, status: 'active',
    fields: job({
      title: 'Roofing Appointment Closer', companyName: 'TopRoof', productName: 'Metal roof replacement', salesPrice: 1_850_000, commissionRate: 6,
      location: 'Remote (US)', type: 'full_time', companyWebsite: 'https://example.com/toproof', compensation: '$2,000 a month base + 6% per close',
      targetMarket: 'Homeowners in storm-hit counties with roofs over 15 years old.', yearsTrading: 11, annualSales: 420_000_000,
      requirements: 'Two years of phone sales; evenings available.', skillsRequired: ['Phone sales', 'Objection handling', 'CRM'],
      tipsAndTricks: 'Ask for the insurance adjuster visit date first: it sets the timeline for the close.',
      videoUrl: 'https://example.com/toproof/intro-video',
    }),
    applications: [
      { closer: 'riley', daysAgo: 1 },
      {
        closer: 'casey', daysAgo: 6, steps: [{ to: 'reviewing', daysAgo: 5 }],
        thread: [
          { from: 'owner', text: 'Thanks for applying, Casey. Can you do a role-play call on Thursday at 3pm?', daysAgo: 5 },
          { from: 'closer', text: 'Thursday at 3 works. Should I prepare anything?', daysAgo: 4 },
          { from: 'owner', text: 'Skim the objection sheet on the job page; we will do the price objection.', daysAgo: 4 },
        ],
        note: 'Strong on rapport; needs work on closing questions.',
      },
      { closer: 'jamie', daysAgo: 12, steps: [{ to: 'reviewing', daysAgo: 11 }, { to: 'rejected', daysAgo: 9, feedback: 'We need evening availability for this role.' }] },
      { closer: 'avery', daysAgo: 10, steps: [{ to: 'reviewing', daysAgo: 9 }, { to: 'rejected', withdraw: true, daysAgo: 7 }] },
      {
        closer: 'quinn', daysAgo: 18, steps: [{ to: 'reviewing', daysAgo: 17 }, { to: 'accepted', daysAgo: 14, feedback: 'Welcome to the team! Onboarding call on Monday.' }],
        thread: [
          { from: 'owner', text: 'Great call today. We would like to offer you the role.', daysAgo: 14 },
          { from: 'closer', text: 'Thank you! Happy to start Monday.', daysAgo: 14 },
        ],
        note: 'Closed two of three role-play calls.',
      },
    ],
  },
  {
    owner: 'manager', daysAgo: 9, status: 'active',
    fields: job({
      title: 'Forex Account Closer', companyName: 'FX Markets', productName: 'Managed trading accounts', salesPrice: 500_000, commissionRate: 12.5,
      location: 'London or remote (UK hours)', type: 'part_time', compensation: '12.5% of the first deposit', skillsRequired: ['Forex', 'Compliance'],
      requirements: 'FCA-aware; comfortable explaining risk warnings.',
    }),
    applications: [
      { closer: 'demo', daysAgo: 2, thread: [{ from: 'owner', text: 'Hi Alex, are you licensed to discuss investment products in the UK?', daysAgo: 1 }] },
      { closer: 'drew', daysAgo: 4, steps: [{ to: 'reviewing', daysAgo: 3 }] },
    ],
  },
  {
    owner: 'manager', daysAgo: 1, status: 'draft',
    fields: job({ title: 'Mortgage Refinance Closer', companyName: 'HomeLend', productName: 'Refinance loans', salesPrice: 30_000_000, commissionRate: 0.5, location: 'Austin, TX', type: 'contract' }),
    applications: [],
  },
  {
    owner: 'manager', daysAgo: 40, status: 'filled',
    fields: job({ title: 'Home Security Closer', companyName: 'SafeHome', productName: 'Smart alarm systems', salesPrice: 150_000, commissionRate: 20, location: 'Remote', type: 'commission_only', skillsRequired: ['Door-to-door', 'Phone sales'] }),
    applications: [{ closer: 'skyler', daysAgo: 38, steps: [{ to: 'accepted', daysAgo: 36, feedback: 'You start next week.' }] }],
  },
  {
    owner: 'lead', daysAgo: 15, status: 'active',
    fields: job({
      title: 'Medicare Plan Closer', companyName: 'SilverCare', productName: 'Medicare Advantage plans', salesPrice: 120_000, commissionRate: 25,
      location: 'Remote (US)', type: 'contract', compensation: '25% per enrolment', skillsRequired: ['Licensed agent', 'Empathy'],
    }),
    applications: [
      {
        closer: 'demo', daysAgo: 8, steps: [{ to: 'reviewing', daysAgo: 6 }],
        thread: [
          { from: 'owner', text: 'Your experience looks great. Do you hold a health insurance licence?', daysAgo: 6 },
          { from: 'closer', text: 'Yes, licensed in Texas and Florida.', daysAgo: 5 },
        ],
      },
      { closer: 'sam', daysAgo: 3 },
    ],
  },
  {
    owner: 'jordan', daysAgo: 30, status: 'closed',
    fields: job({ title: 'Auto Insurance Closer', companyName: 'DriveSure', productName: 'Auto insurance', salesPrice: 180_000, commissionRate: 10, location: 'Remote', type: 'part_time' }),
    applications: [{ closer: 'riley', daysAgo: 28, steps: [{ to: 'rejected', daysAgo: 25, feedback: 'The role was closed.' }] }],
  },
];

/**
 * The demo floor's closers hub, through the hub's own commands: jobs by the Sales Manager (active,
 * a draft, a filled one), one by a team lead and a closed one by another, with applications in
 * every status (one withdrawn), threads and reviewer notes. The demo agent has two applications.
 */
export async function seedDemoClosers({ store, handle, members, now }: {
  store: EventStore; handle: HandleCommand; members: FloorMember[]; now: Date;
}): Promise<{ jobs: number; applications: number }> {
  const by = (username: string) => members.find((m) => m.username === username)!;
  const at = (daysAgo: number, minutes = 0) => new Date(now.getTime() - daysAgo * DAY + minutes * 60_000).toISOString();
  const ctx = (who: FloorMember) => ({ actorId: who.id, correlationId: DEMO_SEED_CORRELATION });
  let applications = 0;
  for (const plan of plans) {
    const owner = by(plan.owner);
    const jobId = await store.nextId('job');
    const stream = jobStream(jobId);
    await handle(jobAggregate, stream, {
      type: 'PostJob', data: { jobId, fields: plan.fields, fileIds: [] }, meta: { now: at(plan.daysAgo), actor: actorOf(owner), files: {} },
    }, ctx(owner));
    if (plan.status === 'draft') continue;
    await handle(jobAggregate, stream, { type: 'PublishJob', data: {}, meta: { now: at(plan.daysAgo, 10), actor: actorOf(owner) } }, ctx(owner));
    const facts = { id: jobId, ownerId: owner.id, status: 'active' as const, title: plan.fields.title };
    for (const a of plan.applications) {
      const closer = by(a.closer);
      const applicationId = await store.nextId('application');
      const appStream = applicationStream(applicationId);
      await handle(applicationAggregate, appStream, {
        type: 'SubmitApplication', meta: { now: at(a.daysAgo), actor: actorOf(closer), job: facts, files: {} },
        data: {
          applicationId, experience: `${closer.username === 'demo' ? 'Four' : 'Three'} years of inbound phone sales, most recently on a ${plan.fields.productName.toLowerCase()} team.`,
          message: `I would love to sell ${plan.fields.productName} for ${plan.fields.companyName}.`, linkedinProfile: `https://www.linkedin.com/in/${closer.username}-closer`,
          availableHoursPerWeek: 30, availableStartDate: at(a.daysAgo - 14).slice(0, 10), availableDays: ['monday', 'tuesday', 'wednesday', 'thursday'], fileIds: [],
        },
      }, ctx(closer), { claimKeys: () => [oneApplicationKey(jobId, closer.id)] });
      applications += 1;
      let version = 1;
      for (const step of a.steps ?? []) {
        const who = step.withdraw ? closer : owner;
        const out = await handle(applicationAggregate, appStream, step.withdraw
          ? { type: 'WithdrawApplication', data: {}, meta: { now: at(step.daysAgo), actor: actorOf(who) } }
          : { type: 'ChangeApplicationStatus', data: { status: step.to, feedback: step.feedback ?? null, expectedVersion: version }, meta: { now: at(step.daysAgo), actor: actorOf(who) } },
        ctx(who));
        version = out.version;
      }
      const thread = { id: applicationId, jobId, closerId: closer.id, jobOwnerId: owner.id, jobTitle: plan.fields.title };
      for (const [i, m] of (a.thread ?? []).entries()) {
        const sender = m.from === 'owner' ? owner : closer;
        const messageId = await store.nextId('application_message');
        await handle(applicationMessageAggregate, applicationMessageStream(messageId), {
          type: 'PostApplicationMessage', data: { messageId, content: m.text }, meta: { now: at(m.daysAgo, 30 + i), actor: actorOf(sender), application: thread },
        }, ctx(sender));
      }
      if (a.note) {
        const noteId = await store.nextId('application_note');
        await handle(reviewerNoteAggregate, reviewerNoteStream(noteId), {
          type: 'AddReviewerNote', data: { noteId, content: a.note }, meta: { now: at(a.daysAgo - 1), actor: actorOf(owner), application: thread },
        }, ctx(owner));
      }
    }
    if (plan.status === 'filled') await handle(jobAggregate, stream, { type: 'FillJob', data: {}, meta: { now: at(plan.daysAgo - 5), actor: actorOf(owner) } }, ctx(owner));
    if (plan.status === 'closed') await handle(jobAggregate, stream, { type: 'CloseJob', data: {}, meta: { now: at(plan.daysAgo - 5), actor: actorOf(owner) } }, ctx(owner));
  }
  return { jobs: plans.length, applications };
}
