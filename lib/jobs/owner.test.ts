import { describe, expect, it } from 'vitest';
import { ownJobs } from './owner';
import type { Job } from './types';

const A = 'https://a.example';
const job = (id: string, extra: Partial<Job>): Job =>
  ({ id, intent: 'bot', phase: 'processing', spaceId: 1, createdAt: 1, ...extra }) as Job;

describe('the jobs a page shows', () => {
  const demo = job('demo', { serviceUrl: A, account: 'demo@example.com' });
  const other = job('other', { serviceUrl: A, account: 'other@example.com' });
  const elsewhere = job('elsewhere', { serviceUrl: 'https://b.example', account: 'demo@example.com' });
  const unnamed = job('unnamed', {});

  it('are the signed-in account’s at its service, and those that name no account', () => {
    expect(ownJobs([demo, other, elsewhere, unnamed], A, 'demo@example.com').map((j) => j.id)).toEqual([
      'demo',
      'unnamed',
    ]);
    expect(ownJobs([demo, other, elsewhere, unnamed], A, 'other@example.com').map((j) => j.id)).toEqual([
      'other',
      'unnamed',
    ]);
  });

  it('are none of an account’s when nobody is signed in', () => {
    expect(ownJobs([demo, other, elsewhere], A, undefined)).toEqual([]);
  });
});
