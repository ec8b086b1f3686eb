/**
 * What the delivery tests deliver: a ready result of a processed recording (a protocol with
 * Markdown, one line of dialogue) and the job that ended with it, and a receiver's address on
 * this machine. Written for the tests, no real person's data.
 */
import type { ProcessingResult } from '@/lib/api/schemas';

export const HOOK = 'http://127.0.0.1:9000/hook';

export const readyResult: ProcessingResult = {
  classified: true,
  success: true,
  audio_id: 42,
  title: 'Weekly sync',
  duration: 60,
  result: {
    language: 'en',
    protocol: '## Summary\n**Done**',
    dialog: [{ header: 'A', starts: [0], ends: [5], speakers: ['{1}'], texts: ['Hello'] }],
    speakers_map: { '1': 'SPEAKER_01' },
  },
};

export const readyJob = {
  id: 'job-1',
  spaceId: 7,
  spaceName: 'Team',
  intent: 'process',
  title: 'Weekly sync',
};
