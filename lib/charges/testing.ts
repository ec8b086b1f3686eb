/**
 * What the charge log's tests hold: one double charge of a recording, as the job engine records it
 * when the space's usage grew by twice the recording's length. Written for the tests, no real
 * person's data.
 */
import type { ChargeIncident } from './types';

export const doubleCharge: ChargeIncident = {
  id: 'double-charge:j1',
  kind: 'double-charge',
  at: Date.UTC(2026, 10, 22, 17, 0),
  spaceId: 1,
  spaceName: 'Personal',
  jobId: 'j1',
  audioId: 1007,
  title: 'Board meeting.wav',
  durationSeconds: 231,
  extraCharges: 1,
  usageBefore: 18_000,
  usageAfter: 18_462,
};
