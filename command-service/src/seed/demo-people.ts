// The demo floor's people: the three sign-ins the sign-in screen shows, and a floor of agents.
export const DEMO_PASSWORD = 'demo1234';

export type DemoPerson = { username: string; fullName: string; role: 'agent' | 'teamLead' | 'manager'; team: 0 | 1 | null };

export const demoPeople: DemoPerson[] = [
  { username: 'manager', fullName: 'Morgan Reyes', role: 'manager', team: null },
  { username: 'lead', fullName: 'Taylor Brooks', role: 'teamLead', team: 0 },
  { username: 'jordan', fullName: 'Jordan Ellis', role: 'teamLead', team: 1 },
  { username: 'demo', fullName: 'Alex Carter', role: 'agent', team: 0 },
  { username: 'sam', fullName: 'Sam Patel', role: 'agent', team: 0 },
  { username: 'riley', fullName: 'Riley Chen', role: 'agent', team: 0 },
  { username: 'casey', fullName: 'Casey Morgan', role: 'agent', team: 0 },
  { username: 'jamie', fullName: 'Jamie Lopez', role: 'agent', team: 0 },
  { username: 'avery', fullName: 'Avery Johnson', role: 'agent', team: 1 },
  { username: 'quinn', fullName: 'Quinn Walker', role: 'agent', team: 1 },
  { username: 'drew', fullName: 'Drew Kim', role: 'agent', team: 1 },
  { username: 'skyler', fullName: 'Skyler Nguyen', role: 'agent', team: 1 },
];

export const demoTeams = [
  { name: 'Real Estate Closers', leadType: 'real_estate' },
  { name: 'Finance & Forex Desk', leadType: 'finance' },
] as const;

export const firstNames = ['Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Elijah', 'Sophia', 'Lucas', 'Mia', 'Mason', 'Isabella',
  'Ethan', 'Harper', 'Logan', 'Amelia', 'Aiden', 'Evelyn', 'Caleb', 'Abigail', 'Henry', 'Grace', 'Owen', 'Chloe', 'Wyatt',
  'Layla', 'Julian', 'Nora', 'Levi', 'Zoe', 'Isaac', 'Hannah', 'Gabriel', 'Lily', 'Carter', 'Aria', 'Mateo', 'Ellie', 'Ryan'];
export const lastNames = ['Smith', 'Garcia', 'Williams', 'Brown', 'Davis', 'Miller', 'Wilson', 'Moore', 'Taylor', 'Anderson',
  'Thomas', 'Jackson', 'White', 'Harris', 'Martin', 'Thompson', 'Martinez', 'Robinson', 'Clark', 'Rodriguez', 'Lewis', 'Lee',
  'Walker', 'Hall', 'Allen', 'Young', 'Hernandez', 'King', 'Wright', 'Scott', 'Green', 'Baker', 'Adams', 'Nelson', 'Hill'];
export const cities: [string, string][] = [['Austin', 'TX'], ['Denver', 'CO'], ['Miami', 'FL'], ['Seattle', 'WA'],
  ['Chicago', 'IL'], ['Phoenix', 'AZ'], ['Atlanta', 'GA'], ['Boston', 'MA'], ['San Diego', 'CA'], ['Nashville', 'TN'],
  ['Portland', 'OR'], ['Charlotte', 'NC'], ['Tampa', 'FL'], ['Dallas', 'TX'], ['Las Vegas', 'NV'], ['Columbus', 'OH']];
export const streets = ['Oak St', 'Maple Ave', 'Pine Rd', 'Cedar Ln', 'Elm St', 'Lakeview Dr', 'Sunset Blvd', 'Park Ave', 'Hillcrest Rd'];
export const quickTags = ['Hot Lead', 'Needs Follow-up', 'First-time Buyer', 'Repeat Customer', 'VIP', 'High Budget', 'Ready to Buy', 'Just Looking'];
export const notesByType = {
  real_estate: ['Looking for a 3-bed near good schools.', 'Relocating in spring; pre-approved.', 'Wants a condo downtown, budget flexible.', 'Selling current home first.'],
  finance: ['Interested in refinancing at a lower rate.', 'Asked about retirement portfolio options.', 'Small business loan, needs terms by month end.', 'Comparing insurance bundles.'],
  forex: ['New to trading, wants a demo account walkthrough.', 'Trades EUR/USD weekly; asked about spreads.', 'Wants lower leverage and risk tools.', 'Moving funds from another broker.'],
} as const;
