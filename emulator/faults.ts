/**
 * Fault injection: with probability `rate`, a request to /api/ or to storage gets an HTML 500,
 * an HTML 502, a connection reset, or a slow answer. For requests that change something, a
 * 500/502/reset lands either before handling (no effect) or after it (the effect happened and
 * the answer is lost), with equal chance.
 *
 * Besides the random faults, a test can arm a deterministic "drop after effect" for requests whose
 * method and path match: the request is handled (the effect happens), then the connection is
 * destroyed without a single response byte, as a proxy that loses its upstream does.
 */
import { mulberry32 } from './prng';

export type FaultKind = 'html500' | 'html502' | 'reset' | 'slow';
export interface Fault {
  kind: FaultKind;
  phase: 'before' | 'after';
  /** Armed through the control surface rather than drawn at random. */
  armed?: boolean;
}

const KINDS: readonly FaultKind[] = ['html500', 'html502', 'reset', 'slow'];

/** A one-shot (or n-shot) drop of the connection after the effect, armed through the control surface. */
export interface ArmedDrop {
  method: string;
  /** Matched against the path (without the query). */
  path: RegExp;
  /** How many more matching requests are dropped. */
  remaining: number;
}

export class FaultInjector {
  private rate = 0;
  private random: () => number = mulberry32(1);
  private drops: ArmedDrop[] = [];

  constructor(rate: number, seed: number) {
    this.configure(rate, seed);
  }

  configure(rate: number, seed: number): void {
    this.rate = rate;
    this.random = mulberry32(seed);
  }

  /** Arms a drop after the effect for the next `times` requests matching `method` and `path`. */
  armDrop(method: string, path: RegExp, times = 1): void {
    this.drops.push({ method: method.toUpperCase(), path, remaining: times });
  }

  /** The drops still armed (for the control surface's listing). */
  armedDrops(): Array<{ method: string; path: string; remaining: number }> {
    return this.drops.map((drop) => ({
      method: drop.method,
      path: drop.path.source.replaceAll('\\/', '/'),
      remaining: drop.remaining,
    }));
  }

  clearDrops(): void {
    this.drops = [];
  }

  /** Takes an armed drop for this request, if one matches; armed drops come before random faults. */
  takeDrop(method: string, path: string): Fault | null {
    const drop = this.drops.find((candidate) => candidate.method === method && candidate.path.test(path));
    if (!drop) return null;
    drop.remaining -= 1;
    if (drop.remaining <= 0) this.drops = this.drops.filter((candidate) => candidate !== drop);
    return { kind: 'reset', phase: 'after', armed: true };
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
