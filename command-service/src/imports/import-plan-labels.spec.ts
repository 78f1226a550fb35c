import { describe, expect, it } from 'vitest';
import { initialCustomFieldSet } from '../custom-fields/custom-field-set';
import { planRow, type ImportSettings, type MatchedLead } from './import-plan';

const settings = (mode: ImportSettings['mode']): ImportSettings => ({
  columns: ['Name', 'Email', 'Phone', 'City', 'State', 'Tags', 'Priority'],
  mapping: { Name: 'name', Email: 'email', Phone: 'phone', City: 'city', State: 'state', Tags: 'tags', Priority: 'priority' },
  mode, matchOn: 'email', leadType: 'real_estate',
});
const row = (tags: string, priority: string) => ['Tia', 'tia@example.com', '555-0142', 'Austin', 'TX', tags, priority];
const matched: MatchedLead = {
  id: 9, name: 'Tia', email: 'tia@example.com', phone: '555-0142', address: null, city: 'Austin', state: 'TX',
  leadType: 'real_estate', source: null, notes: null, customFields: {}, tags: ['VIP'], priority: 'low',
};
const plan = (mode: ImportSettings['mode'], tags: string, priority: string, lead: MatchedLead | null = null) =>
  planRow(settings(mode), initialCustomFieldSet(), row(tags, priority), lead, null);

describe('an import row with tags and priority columns', () => {
  it('splits tags on ; or , and cleans them as the tag editor does; reads the priority ignoring case', () => {
    expect(plan('create', ' Hot Lead; VIP,vip ,, Ready to Buy', 'HIGH')).toMatchObject({
      outcome: 'created', labels: { tags: ['Hot Lead', 'VIP', 'Ready to Buy'], priority: 'high' },
    });
  });

  it('sets neither from empty cells', () => {
    const created = plan('create', ' ', '');
    expect(created.outcome === 'created' && created.labels).toBeUndefined();
  });

  it('fails a row with an unknown priority, too many tags or a tag too long, naming the column', () => {
    expect(plan('create', '', 'urgent')).toEqual({ outcome: 'failed', reason: 'priority: "urgent" is not low, medium or high.' });
    expect(plan('create', Array.from({ length: 51 }, (_, i) => `t${i}`).join(';'), '')).toEqual({ outcome: 'failed', reason: 'tags: at most 50 tags.' });
    expect(plan('create', 'x'.repeat(61), '')).toMatchObject({ outcome: 'failed', reason: expect.stringMatching(/^tags: .* longer than 60 characters\.$/) });
  });

  it('updates only what differs, and remembers what it replaced for an undo', () => {
    expect(plan('create_or_update', 'VIP; Repeat Customer', 'low', matched)).toMatchObject({
      outcome: 'updated', labels: { tags: ['VIP', 'Repeat Customer'] }, before: { labels: { tags: ['VIP'] } },
    });
    expect(plan('create_or_update', 'VIP', 'low', matched)).toMatchObject({ outcome: 'skipped', leadId: 9 });
    expect(plan('update_only', '', 'Medium', matched)).toMatchObject({ outcome: 'updated', labels: { priority: 'medium' }, before: { labels: { priority: 'low' } } });
  });
});
