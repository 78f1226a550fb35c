import { describe, expect, it } from 'vitest';
import { initialCustomFieldSet } from '../custom-fields/custom-field-set';
import { planRow, type ImportSettings, type MatchedLead } from './import-plan';

const settings = (mode: ImportSettings['mode']): ImportSettings => ({
  columns: ['Name', 'Email', 'Phone', 'City', 'State', 'utm_source', 'utm_campaign'],
  mapping: { Name: 'name', Email: 'email', Phone: 'phone', City: 'city', State: 'state', utm_source: 'funnelSource', utm_campaign: 'funnelCampaignId' },
  mode, matchOn: 'email', leadType: 'finance',
});
const row = (source: string, campaign: string) => ['Rita', 'rita@example.com', '555-0199', 'Denver', 'CO', source, campaign];

describe('an import row with funnel columns', () => {
  it('creates the lead with its funnel source and campaign', () => {
    const plan = planRow(settings('create'), initialCustomFieldSet(), row(' facebook ', 'spring-sale'), null, null);
    expect(plan).toMatchObject({ outcome: 'created', lead: { name: 'Rita', funnelSource: 'facebook', funnelCampaignId: 'spring-sale' } });
  });

  it('leaves both out of the lead when the cells are empty', () => {
    const plan = planRow(settings('create'), initialCustomFieldSet(), row('', ''), null, null);
    expect(plan.outcome).toBe('created');
    expect(plan.outcome === 'created' && Object.keys(plan.lead)).not.toContain('funnelSource');
  });

  it('refuses a funnel source longer than a source name can be, naming it', () => {
    const plan = planRow(settings('create'), initialCustomFieldSet(), row('x'.repeat(101), ''), null, null);
    expect(plan).toMatchObject({ outcome: 'failed', reason: expect.stringMatching(/^funnelSource: /) });
  });

  it('never changes the funnel of a lead the row updates: where a lead came from is a fact of its creation', () => {
    const matched: MatchedLead = {
      id: 7, name: 'Rita', email: 'rita@example.com', phone: '555-0199', address: null, city: 'Denver', state: 'CO',
      leadType: 'finance', source: null, notes: null, customFields: {}, tags: [], priority: 'medium',
    };
    const plan = planRow(settings('create_or_update'), initialCustomFieldSet(), row('google', 'other'), matched, null);
    expect(plan).toMatchObject({ outcome: 'skipped', leadId: 7 });
  });
});
