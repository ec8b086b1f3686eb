/**
 * Fault injection: with probability `rate`, a request to /api/ or to storage gets an HTML 500,
 * an HTML 502, a connection reset, or a slow answer. For requests that change something, a
 * 500/502/reset lands either before handling (no effect) or after it (the effect happened and
 * the answer is lost), with equal chance.
 */
import { mulberry32 } from './prng';

export type FaultKind = 'html500' | 'html502' | 'reset' | 'slow';
export interface Fault {
  kind: FaultKind;
  phase: 'before' | 'after';
}

const KINDS: readonly FaultKind[] = ['html500', 'html502', 'reset', 'slow'];

export class FaultInjector {
  private rate = 0;
  private random: () => number = mulberry32(1);

  constructor(rate: number, seed: number) {
    this.configure(rate, seed);
  }

  configure(rate: number, seed: number): void {
    this.rate = rate;
    this.random = mulberry32(seed);
  }

  /** Decides the fault of one request. Draws from the PRNG only when the rate is above zero. */
  roll(method: string): Fault | null {
    if (this.rate <= 0) return null;
    if (this.random() >= this.rate) return null;
    const kind = KINDS[Math.floor(this.random() * KINDS.length)] ?? 'html500';
    if (kind === 'slow') return { kind, phase: 'before' };
    const safe = method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
    const phase = safe ? 'before' : this.random() < 0.5 ? 'before' : 'after';
    return { kind, phase };
  }
}
