import { describe, it } from 'vitest';
import type { CreateLead } from './commands';
import { LEAD_ID, NOW, ann, bob, by, claimedBy, created, given, max, statusChanged } from './decide-scenario';

const createLead = (): CreateLead => ({
  type: 'CreateLead',
  data: {
    leadId: LEAD_ID,
    name: 'Dana Reyes',
    email: 'dana@example.com',
    phone: '555-0100',
    address: null,
    city: 'Austin',
    state: 'TX',
    leadType: 'real_estate',
    source: 'website',
    notes: null,
  },
  meta: by(max),
});

describe('CreateLead', () => {
  it('creates a lead on an empty stream, recording who added it and when', () => {
    given()
      .when(createLead())
      .then([{ type: 'LeadCreated', data: { ...createLead().data, createdBy: max.id, at: NOW } }]);
  });

  it('rejects creating a lead whose stream already has history', () => {
    given(created).when(createLead()).then({ kind: 'RuleViolation', code: 'lead.already_exists' });
  });
});

describe('ClaimLead', () => {
  const claim = (actor = ann) => ({ type: 'ClaimLead' as const, data: { leadId: LEAD_ID }, meta: by(actor) });

  it('claims an available lead for the signed-in actor', () => {
    given(created)
      .when(claim(ann))
      .then([{ type: 'LeadClaimed', data: { leadId: LEAD_ID, userId: ann.id, at: NOW } }]);
  });

  it('lets a released lead be claimed again by someone else', () => {
    given(created, claimedBy(ann), { type: 'LeadReleased', data: { leadId: LEAD_ID, userId: ann.id, releasedBy: ann.id, reason: 'manual', policyVersion: null, at: NOW } })
      .when(claim(bob))
      .then([{ type: 'LeadClaimed', data: { leadId: LEAD_ID, userId: bob.id, at: NOW } }]);
  });

  it('rejects claiming a lead someone else holds, naming its status and holder', () => {
    given(created, claimedBy(ann))
      .when(claim(bob))
      .then({ kind: 'RuleViolation', code: 'lead.not_available', details: { status: 'claimed', claimedBy: ann.id } });
  });

  it('rejects claiming a lead that has moved on in the pipeline', () => {
    given(created, claimedBy(ann), statusChanged('claimed', 'contacted'))
      .when(claim(max))
      .then({ kind: 'RuleViolation', code: 'lead.not_available', details: { status: 'contacted', claimedBy: ann.id } });
  });

  it('lets any role claim: the pool is first come, first served', () => {
    given(created)
      .when(claim(max))
      .then([{ type: 'LeadClaimed', data: { leadId: LEAD_ID, userId: max.id, at: NOW } }]);
  });

  it('treats a repeated claim by the holder as a no-op, so a retried request still succeeds', () => {
    given(created, claimedBy(ann)).when(claim(ann)).then([]);
  });

  it('answers not found for an unknown lead', () => {
    given().when(claim(ann)).then({ kind: 'NotFound', code: 'lead.not_found' });
  });
});
