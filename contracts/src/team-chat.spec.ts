import { describe, expect, it } from 'vitest';
import { mentionedUsernames, PostTeamMessageBodySchema, TeamMessagesQuerySchema } from './team-chat';

describe('team chat contract', () => {
  it('finds the @usernames a message names, once each, without a sentence full stop', () => {
    expect(mentionedUsernames('@Dana can you take it? cc @sam.lee.')).toEqual(['dana', 'sam.lee']);
    expect(mentionedUsernames('@dana and @DANA again')).toEqual(['dana']);
  });
  it('does not take an email address, a double @ or a name shorter than three characters for a mention', () => {
    expect(mentionedUsernames('write to dana@example.com')).toEqual([]);
    expect(mentionedUsernames('@@dana @jo')).toEqual([]);
    expect(mentionedUsernames('(@dana)')).toEqual(['dana']);
  });
  it('trims a message and holds it to 1 to 4,000 characters', () => {
    expect(PostTeamMessageBodySchema.parse({ content: '  hi  ' })).toEqual({ content: 'hi' });
    expect(PostTeamMessageBodySchema.safeParse({ content: '   ' }).success).toBe(false);
    expect(PostTeamMessageBodySchema.safeParse({ content: 'x'.repeat(4001) }).success).toBe(false);
    expect(PostTeamMessageBodySchema.safeParse({ content: 'x'.repeat(4000) }).success).toBe(true);
  });
  it('takes one of before, after and q', () => {
    expect(TeamMessagesQuerySchema.parse({ after: '12' })).toEqual({ after: 12, limit: 50 });
    expect(TeamMessagesQuerySchema.safeParse({ after: '12', before: '3' }).success).toBe(false);
    expect(TeamMessagesQuerySchema.safeParse({ after: '-1' }).success).toBe(false);
  });
});
