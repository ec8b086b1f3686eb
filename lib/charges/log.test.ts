/** The charge log: bounded, a repeated incident replaces the first, and the text copied for support. */
import { describe, expect, it } from 'vitest';
import { addIncident, addOwn, emptyLog, settleOwn, supportText } from './log';
import { doubleCharge } from './testing';
import { incidentText } from './texts';
import { type ChargeIncident, MAX_OWN_CHARGES } from './types';

const incident = doubleCharge;

describe('charge log', () => {
  it('keeps the newest own charges only, and settles the open one of a job', () => {
    let log = emptyLog();
    for (let i = 0; i < MAX_OWN_CHARGES + 5; i++)
      log = addOwn(log, { kind: 'charge', spaceId: 1, audioId: i, seconds: 1, jobId: `j${i}`, from: i });
    expect(log.own).toHaveLength(MAX_OWN_CHARGES);
    expect(log.own[0]?.audioId).toBe(5);
    log = settleOwn(log, 'j7', 99);
    expect(log.own.find((entry) => entry.jobId === 'j7')?.to).toBe(99);
  });

  it('a repeated detection replaces the incident', () => {
    const log = addIncident(addIncident(emptyLog(), incident), { ...incident, extraCharges: 2 });
    expect(log.incidents).toHaveLength(1);
    expect(log.incidents[0]?.extraCharges).toBe(2);
  });

  it('says what happened with the figures, in both languages', () => {
    expect(incidentText(incident, 'en')).toMatch(
      /“Board meeting\.wav” 2 times instead of once \(3 min 51 s each, 3 min 51 s extra\)/,
    );
    expect(incidentText(incident, 'ru')).toMatch(/«Board meeting\.wav» 2 раза вместо одного/);
    const duplicate: ChargeIncident = {
      ...incident,
      id: 'd',
      kind: 'duplicate-recording',
      duplicateIds: [1006],
      trashed: true,
    };
    expect(incidentText(duplicate, 'en')).toMatch(/2 times .*The extra copy \(1006\) was moved to the trash/);
    expect(incidentText(duplicate, 'ru')).toMatch(/перемещены в корзину/);
  });

  it('the support text carries the raw figures', () => {
    const text = supportText(addIncident(emptyLog(), incident), 'en');
    expect(text).toContain('2026-11-22T17:00:00.000Z');
    expect(text).toContain('recording 1007');
    expect(text).toContain('usage_count 18000 → 18462');
    expect(text).toContain('space 1 (Personal)');
  });
});
