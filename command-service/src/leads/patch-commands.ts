import type { LeadPatchBody } from '@leadfloor/contracts';
import type { HolderMeta, LeadCommand } from './commands';

/**
 * Maps spec 7's PATCH bodies to lead commands, in a fixed order. `{status: 'claimed'}` is a
 * claim by the signed-in user; a sent `claimedBy` is ignored. `nextFollowUp: null` clears it.
 */
export function commandsFromPatch(leadId: number, body: LeadPatchBody, meta: HolderMeta): LeadCommand[] {
  const cmds: LeadCommand[] = [];
  if (body.status === 'claimed') cmds.push({ type: 'ClaimLead', data: { leadId }, meta });
  else if (body.status !== undefined) cmds.push({ type: 'ChangeLeadStatus', data: { leadId, status: body.status }, meta });
  if (body.stage !== undefined) cmds.push({ type: 'MoveLeadStage', data: { leadId, stage: body.stage }, meta });
  if (body.priority !== undefined) cmds.push({ type: 'ChangeLeadPriority', data: { leadId, priority: body.priority }, meta });
  if (body.score !== undefined) cmds.push({ type: 'ScoreLead', data: { leadId, score: body.score }, meta });
  if (body.tags !== undefined) cmds.push({ type: 'SetLeadTags', data: { leadId, tags: body.tags }, meta });
  if (body.nextFollowUp === null) cmds.push({ type: 'ClearFollowUp', data: { leadId }, meta });
  else if (body.nextFollowUp !== undefined) cmds.push({ type: 'ScheduleFollowUp', data: { leadId, due: body.nextFollowUp }, meta });
  return cmds;
}
