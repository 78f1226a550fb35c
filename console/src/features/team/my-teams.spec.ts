import { describe, expect, it } from 'vitest';
import { chosenTeam, myTeams, writeChosenTeam } from './my-teams';

const closers = { id: 1, name: 'Real Estate Closers', managerId: 10 };
const forex = { id: 2, name: 'Finance & Forex Desk', managerId: 10 };
const nights = { id: 3, name: 'Night Shift', managerId: 11 };
const teams = [forex, nights, closers];

describe('the teams I can open', () => {
  it("gives an agent or a team lead their own team only, even one that names someone else's manager", () => {
    expect(myTeams({ id: 5, role: 'agent', teamId: 1 }, teams)).toEqual([closers]);
    expect(myTeams({ id: 6, role: 'teamLead', teamId: 3 }, teams)).toEqual([nights]);
  });
  it('gives a manager the team they sit on first, then every team that names them its manager', () => {
    expect(myTeams({ id: 10, role: 'manager', teamId: 1 }, teams)).toEqual([closers, forex]);
    expect(myTeams({ id: 10, role: 'manager', teamId: null }, teams)).toEqual([forex, closers]);
    expect(myTeams({ id: 11, role: 'manager', teamId: 1 }, teams)).toEqual([closers, nights]);
  });
  it('gives someone on no team, managing none, nothing', () => {
    expect(myTeams({ id: 5, role: 'agent', teamId: null }, teams)).toEqual([]);
    expect(myTeams({ id: 12, role: 'manager', teamId: null }, teams)).toEqual([]);
  });
  it('does not let an agent open a team that names them as manager (only managers manage)', () => {
    expect(myTeams({ id: 10, role: 'agent', teamId: null }, teams)).toEqual([]);
  });
});

describe('the team chosen in the address', () => {
  const mine = [closers, forex];
  it('opens the team `?team=` names when it is one of mine, else my first', () => {
    expect(chosenTeam(mine, new URLSearchParams('team=2'))).toBe(forex);
    expect(chosenTeam(mine, new URLSearchParams('team=3'))).toBe(closers);
    expect(chosenTeam(mine, new URLSearchParams('team=x'))).toBe(closers);
    expect(chosenTeam(mine, new URLSearchParams(''))).toBe(closers);
    expect(chosenTeam([], new URLSearchParams('team=2'))).toBeNull();
  });
  it('writes the team into the address, leaving the tab alone', () => {
    expect(writeChosenTeam(new URLSearchParams('tab=collaboration'), 2).toString()).toBe('tab=collaboration&team=2');
    expect(writeChosenTeam(new URLSearchParams('team=1&tab=tasks'), 2).toString()).toBe('team=2&tab=tasks');
  });
});
