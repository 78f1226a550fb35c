// The event every throughput scenario writes: a LeadCreated of typical size, so pgbench, Emmett
// and LeadFloor store the same bytes per event.
export const SAMPLE_TYPE = 'LeadCreated';

export const sampleData = (leadId: number) => ({
  leadId,
  name: 'Maria Gonzalez',
  email: `maria.gonzalez${leadId}@example.com`,
  phone: '(415) 555-0142',
  address: '1200 Market Street',
  city: 'San Francisco',
  state: 'CA',
  leadType: 'real_estate',
  source: 'website',
  notes: 'Looking for a two-bedroom condo near transit; pre-approved, wants to move within 90 days.',
  createdBy: 7,
  at: '2025-11-03T14:21:07.512Z',
});

export const sampleMetadata = {
  actorId: 7,
  correlationId: 'req-4f1c2a9e-7d0b-4c55-9a61-1b2d3e4f5a6b',
  causationId: null,
  schemaVersion: 1,
  commandId: null,
};
