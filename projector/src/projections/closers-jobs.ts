import { commissionPerCloseCents } from '@leadfloor/contracts';
import { parseEventData, type JobEvent, type JobFields, type RecordedEvent } from '@leadfloor/events';
import { rowProjection } from '@leadfloor/infra/projections/row-projection';

/** One row per job (spec job_opportunities), money in cents, with the commission per close the board sorts on. */
export type JobRow = {
  id: number; owner_id: number; status: 'draft' | 'active' | 'closed' | 'filled';
  title: string; description: string; company_name: string; company_website: string | null; product_name: string;
  sales_price: number; commission_rate: number; commission_per_close: number; target_market: string | null;
  tips_and_tricks: string | null; annual_sales: number | null; years_trading: number | null;
  file_uploads: JobFields['fileUploads']; video_url: string | null; location: string; type: string;
  compensation: string | null; requirements: string | null; skills_required: string[];
  /** Lower-cased title, company, product, description and skills: what the board's search matches. */
  search_text: string;
  created_at: string; updated_at: string; published_at: string | null; closed_at: string | null; filled_at: string | null;
  version: number;
};

const JOB_EVENTS = ['JobPosted', 'JobEdited', 'JobPublished', 'JobClosed', 'JobFilled', 'JobReopened'] as const;

function withFields(row: Omit<JobRow, keyof ReturnType<typeof columnsOf>>, f: JobFields): JobRow {
  return { ...row, ...columnsOf(f) } as JobRow;
}

function columnsOf(f: JobFields) {
  return {
    title: f.title, description: f.description, company_name: f.companyName, company_website: f.companyWebsite, product_name: f.productName,
    sales_price: f.salesPrice, commission_rate: f.commissionRate, commission_per_close: commissionPerCloseCents(f.salesPrice, f.commissionRate),
    target_market: f.targetMarket, tips_and_tricks: f.tipsAndTricks, annual_sales: f.annualSales, years_trading: f.yearsTrading,
    file_uploads: f.fileUploads, video_url: f.videoUrl, location: f.location, type: f.type, compensation: f.compensation,
    requirements: f.requirements, skills_required: f.skillsRequired,
    search_text: [f.title, f.companyName, f.productName, f.description, ...f.skillsRequired].join(' ').toLowerCase(),
  };
}

/** The row's fields back in the events' shape (an edit names only what changed). */
const fieldsOf = (r: JobRow): JobFields => ({
  title: r.title, description: r.description, companyName: r.company_name, companyWebsite: r.company_website, productName: r.product_name,
  salesPrice: Number(r.sales_price), commissionRate: Number(r.commission_rate), targetMarket: r.target_market, tipsAndTricks: r.tips_and_tricks,
  annualSales: r.annual_sales === null ? null : Number(r.annual_sales), yearsTrading: r.years_trading, fileUploads: r.file_uploads,
  videoUrl: r.video_url, location: r.location, type: r.type as JobFields['type'], compensation: r.compensation,
  requirements: r.requirements, skillsRequired: r.skills_required,
});

function reduce(row: JobRow | null, e: RecordedEvent): JobRow | null {
  const ev = { type: e.type, data: parseEventData(e.type as (typeof JOB_EVENTS)[number], e.data, e.metadata.schemaVersion) } as JobEvent;
  if (ev.type === 'JobPosted') {
    const d = ev.data;
    return withFields({
      id: d.jobId, owner_id: d.ownerId, status: 'draft', created_at: d.at, updated_at: d.at,
      published_at: null, closed_at: null, filled_at: null, version: 0,
    }, d.fields);
  }
  if (!row) return null;
  const updated_at = ev.data.at;
  switch (ev.type) {
    case 'JobEdited': return withFields({ ...row, updated_at }, { ...fieldsOf(row), ...ev.data.changes });
    case 'JobPublished': return { ...row, status: 'active', published_at: row.published_at ?? ev.data.at, updated_at };
    case 'JobClosed': return { ...row, status: 'closed', closed_at: ev.data.at, updated_at };
    case 'JobFilled': return { ...row, status: 'filled', filled_at: ev.data.at, updated_at };
    case 'JobReopened': return { ...row, status: 'active', closed_at: null, filled_at: null, updated_at };
  }
}

/**
 * The closers hub's jobs: the board (active ones, newest or by commission per close), a job's
 * page, an employer's own jobs. Also where other areas read who owns a job (`owner_id`).
 */
export const closerJobs = rowProjection<JobRow>({
  name: 'job_opportunities_v1',
  table: 'job_opportunities_v1',
  keyColumn: 'id',
  handles: JOB_EVENTS,
  keyOf: (e) => (/^job-\d+$/.test(e.streamId) ? Number(e.streamId.slice('job-'.length)) : null),
  reduce,
  async createTables(db, { rows: t }) {
    await db.query(`
      create table "${t}" (
        id int primary key, owner_id int not null, status text not null,
        title text not null, description text not null, company_name text not null, company_website text, product_name text not null,
        sales_price bigint not null, commission_rate numeric(5,2) not null, commission_per_close bigint not null,
        target_market text, tips_and_tricks text, annual_sales bigint, years_trading int,
        file_uploads jsonb not null, video_url text, location text not null, type text not null,
        compensation text, requirements text, skills_required jsonb not null, search_text text not null,
        created_at timestamptz not null, updated_at timestamptz not null, published_at timestamptz, closed_at timestamptz,
        filled_at timestamptz, version int not null
      );
      create index on "${t}" (status, published_at desc, id desc);
      create index on "${t}" (status, commission_per_close, id);
      create index on "${t}" (owner_id, created_at desc, id desc);
      -- Who may download a file: the jobs that carry it (GET /api/closers/files/{id}).
      create index on "${t}" using gin (file_uploads jsonb_path_ops);
    `);
  },
});
