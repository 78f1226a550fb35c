import { describe, expect, it } from 'vitest';
import { transcriptTurns } from './transcript-lines';

describe('transcriptTurns', () => {
  it('splits a transcript into speakers, knowing the agent by name', () => {
    expect(transcriptTurns('Agent: Hi, is this a good time?\nCustomer: Yes.\nRep: Great.')).toEqual([
      { speaker: 'Agent', agent: true, text: 'Hi, is this a good time?' },
      { speaker: 'Customer', agent: false, text: 'Yes.' },
      { speaker: 'Rep', agent: true, text: 'Great.' },
    ]);
  });
  it('joins a line without a speaker to the turn before it and skips blank lines', () => {
    expect(transcriptTurns('Olivia: I love it.\r\n\r\nHow much is it?\nMe: Let me check.')).toEqual([
      { speaker: 'Olivia', agent: false, text: 'I love it.\nHow much is it?' },
      { speaker: 'Me', agent: true, text: 'Let me check.' },
    ]);
  });
  it('keeps text without speakers as one unattributed turn', () => {
    expect(transcriptTurns('We talked about the price.\nShe will call back.')).toEqual([
      { speaker: null, agent: false, text: 'We talked about the price.\nShe will call back.' },
    ]);
    expect(transcriptTurns('')).toEqual([]);
  });
});
