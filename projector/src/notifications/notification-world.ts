import type { PoolClient } from '@leadfloor/infra/postgres/pool';
import type { Tables } from '@leadfloor/infra/projections/types';

// The notifications projection keeps its own small model of the floor (who is on which team,
// who manages whom, who created and holds each lead), built from the same events, so a rebuild
// routes every notification exactly as the live run did, whatever the other read models say now.
export type Member = { user_id: number; full_name: string; role: string; team_id: number | null; manager_id: number | null };
export type TeamInfo = { team_id: number; lead_type: string | null; manager_id: number | null; lead_ids: number[] };
export type LeadInfo = { lead_id: number; name: string; lead_type: string; created_by: number | null; claimed_by: number | null };
export type NotificationTables = 'notifications' | 'members' | 'teams' | 'leads' | 'prefs';

export async function createNotificationTables(db: PoolClient, t: Tables<NotificationTables>) {
  await db.query(`
    create table "${t.notifications}" (
      id text primary key, user_id int not null, seq int not null, event_type text not null, category text not null,
      title text not null, message text not null, data jsonb not null, created_at timestamptz not null,
      source_event_id uuid not null, unique (user_id, seq)
    );
    create index on "${t.notifications}" (source_event_id);
    create table "${t.members}" (user_id int primary key, full_name text not null, role text not null, team_id int, manager_id int);
    create table "${t.teams}" (team_id int primary key, lead_type text, manager_id int, lead_ids int[] not null default '{}');
    create table "${t.leads}" (lead_id int primary key, name text not null, lead_type text not null, created_by int, claimed_by int);
    create table "${t.prefs}" (user_id int primary key, prefs jsonb not null default '{}', last_seq int not null default 0);
  `);
}

/** Leads a world keeps between batches before it forgets them (they are read back by id when needed). */
export const HELD_LEADS = 50_000;

/**
 * The floor as the notifications projection sees it: members, teams and preferences whole (floors
 * are small next to leads), leads by id. Changed in memory, written back by `save`. A world may be
 * kept from one batch to the next while nothing else writes its tables (a runner's memory, a
 * replay's loader): after `save` it equals the tables.
 */
export class NotificationWorld {
  members = new Map<number, Member>();
  teams = new Map<number, TeamInfo>();
  leads = new Map<number, LeadInfo>();
  prefs = new Map<number, { prefs: Record<string, boolean>; last_seq: number }>();
  private dirty = { members: new Set<number>(), teams: new Set<number>(), leads: new Set<number>(), prefs: new Set<number>() };
  /** Whether the tables may hold leads that are not in `leads`. */
  private leadsPartial = true;

  constructor(readonly t: Tables<NotificationTables>, private readonly heldLeads = HELD_LEADS) {}

  /** A world for tables that were just created: empty, like them. */
  static empty(t: Tables<NotificationTables>, heldLeads = HELD_LEADS) {
    const w = new NotificationWorld(t, heldLeads);
    w.leadsPartial = false;
    return w;
  }

  async load(db: PoolClient) {
    for (const r of (await db.query<Member>(`select * from "${this.t.members}"`)).rows) this.members.set(r.user_id, r);
    for (const r of (await db.query<TeamInfo>(`select * from "${this.t.teams}"`)).rows) this.teams.set(r.team_id, r);
    for (const r of (await db.query<{ user_id: number; prefs: Record<string, boolean>; last_seq: number }>(`select * from "${this.t.prefs}"`)).rows) {
      this.prefs.set(r.user_id, { prefs: r.prefs, last_seq: r.last_seq });
    }
  }

  /** Reads the leads of `ids` that the world does not hold yet. */
  async loadLeads(db: PoolClient, ids: number[]) {
    const missing = this.leadsPartial ? ids.filter((id) => !this.leads.has(id)) : [];
    if (missing.length === 0) return;
    const { rows } = await db.query<LeadInfo>(`select * from "${this.t.leads}" where lead_id = any($1)`, [missing]);
    for (const r of rows) this.leads.set(r.lead_id, r);
  }

  setMember(m: Member) { this.members.set(m.user_id, m); this.dirty.members.add(m.user_id); }
  setTeam(t: TeamInfo) { this.teams.set(t.team_id, t); this.dirty.teams.add(t.team_id); }
  setLead(l: LeadInfo) { this.leads.set(l.lead_id, l); this.dirty.leads.add(l.lead_id); }
  prefsOf(userId: number) {
    let p = this.prefs.get(userId);
    if (!p) {
      p = { prefs: {}, last_seq: 0 };
      this.prefs.set(userId, p);
    }
    return p;
  }
  touchPrefs(userId: number) { this.dirty.prefs.add(userId); }

  /** Writes every change back; past `heldLeads` leads, forgets them (they are in the table now). */
  async save(db: PoolClient) {
    const upsert = async (table: string, key: string, rows: object[]) => {
      for (let i = 0; i < rows.length; i += 5_000) {
        const chunk = rows.slice(i, i + 5_000);
        const cols = Object.keys(chunk[0]!).map((c) => `"${c}"`);
        await db.query(
          `insert into "${table}" (${cols.join(', ')}) select ${cols.join(', ')} from jsonb_populate_recordset(null::"${table}", $1::jsonb)
           on conflict ("${key}") do update set (${cols.join(', ')}) = (${cols.map((c) => `excluded.${c}`).join(', ')})`,
          [JSON.stringify(chunk)]);
      }
    };
    await upsert(this.t.members, 'user_id', [...this.dirty.members].map((id) => this.members.get(id)!));
    await upsert(this.t.teams, 'team_id', [...this.dirty.teams].map((id) => this.teams.get(id)!));
    await upsert(this.t.leads, 'lead_id', [...this.dirty.leads].map((id) => this.leads.get(id)!));
    await upsert(this.t.prefs, 'user_id', [...this.dirty.prefs].map((id) => ({ user_id: id, ...this.prefs.get(id)! })));
    for (const d of Object.values(this.dirty)) d.clear();
    if (this.leads.size > this.heldLeads) {
      this.leads.clear();
      this.leadsPartial = true;
    }
  }
}
