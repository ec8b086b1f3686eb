import { describe, expect, it } from 'vitest';
import {
  ancestorEffect,
  type CoverFacts,
  combineLooks,
  coverVerdict,
  type EffectStyle,
  nextLookAfter,
  paintsAbove,
  RECHECK_MS,
  stackingContext,
  zOf,
} from '@/components/page/visibility';

const plain: EffectStyle = {
  opacity: '1',
  filter: 'none',
  backdropFilter: 'none',
  transform: 'none',
  translate: 'none',
  scale: 'none',
  rotate: 'none',
  perspective: 'none',
  clipPath: 'none',
  maskImage: 'none',
  mixBlendMode: 'normal',
  isolation: 'auto',
  contain: 'none',
  willChange: 'auto',
  contentVisibility: 'visible',
  containerType: 'normal',
  position: 'static',
  zIndex: 'auto',
};

const clear: CoverFacts = {
  pointOnButton: true,
  topmostIsOurs: true,
  ancestorEffect: null,
  topLayer: false,
  paintedAbove: false,
  readable: true,
};

const HOST_Z = 2_147_483_646;

describe('the covering check without IntersectionObserver v2', () => {
  it('a press counts at once only when nothing of the page can be over the button', () => {
    expect(coverVerdict(clear)).toBe(true);
    expect(coverVerdict({ ...clear, pointOnButton: false })).toBe(false);
    // Something hit-testable over the button, or the press point is not on it.
    expect(coverVerdict({ ...clear, topmostIsOurs: false })).toBe(false);
    // A pointer-events: none veil is invisible to hit testing: it is found by what paints above.
    expect(coverVerdict({ ...clear, paintedAbove: true })).toBe(false);
    expect(coverVerdict({ ...clear, ancestorEffect: 'opacity' })).toBe(false);
    expect(coverVerdict({ ...clear, topLayer: true })).toBe(false);
    // A page whose closed shadow roots cannot be read could hide a veil there: unknown, confirm.
    expect(coverVerdict({ ...clear, readable: false })).toBeUndefined();
    expect(coverVerdict({ ...clear, readable: false, paintedAbove: true })).toBe(false);
  });

  it('a box paints above the host with a higher z-index, or the same one after it in tree order', () => {
    expect(paintsAbove({ z: HOST_Z + 1, follows: false }, HOST_Z)).toBe(true);
    expect(paintsAbove({ z: HOST_Z, follows: true }, HOST_Z)).toBe(true);
    expect(paintsAbove({ z: HOST_Z, follows: false }, HOST_Z)).toBe(false);
    expect(paintsAbove({ z: 10, follows: true }, HOST_Z)).toBe(false);
    expect(paintsAbove({ z: 0, follows: true }, HOST_Z)).toBe(false);
    expect(zOf('auto')).toBe(0);
    expect(zOf('2147483647')).toBe(2_147_483_647);
    expect(zOf('-5')).toBe(-5);
  });

  it('an ancestor that veils the host or gives it another stacking context is an effect', () => {
    expect(ancestorEffect(plain)).toBeNull();
    expect(ancestorEffect({ ...plain, position: 'relative' })).toBeNull();
    const cases: Array<[Partial<EffectStyle>, string]> = [
      [{ opacity: '0.05' }, 'opacity'],
      [{ opacity: '0' }, 'opacity'],
      [{ filter: 'opacity(0.1)' }, 'filter'],
      [{ backdropFilter: 'blur(2px)' }, 'backdrop-filter'],
      [{ transform: 'matrix(0.01, 0, 0, 0.01, 0, 0)' }, 'transform'],
      [{ scale: '0.01' }, 'scale'],
      [{ translate: '10px' }, 'translate'],
      [{ rotate: '180deg' }, 'rotate'],
      [{ perspective: '10px' }, 'perspective'],
      [{ clipPath: 'inset(50%)' }, 'clip-path'],
      [{ maskImage: 'linear-gradient(transparent, transparent)' }, 'mask'],
      [{ mixBlendMode: 'difference' }, 'mix-blend-mode'],
      [{ isolation: 'isolate' }, 'isolation'],
      [{ contain: 'paint' }, 'contain'],
      [{ willChange: 'transform' }, 'will-change'],
      [{ contentVisibility: 'hidden' }, 'content-visibility'],
      [{ containerType: 'inline-size' }, 'container-type'],
      [{ position: 'relative', zIndex: '0' }, 'stacking context'],
    ];
    for (const [change, effect] of cases) expect(ancestorEffect({ ...plain, ...change })).toBe(effect);
  });

  it('a stacking context is painted whole: what it holds cannot come between it and the host', () => {
    expect(stackingContext(plain)).toBe(false);
    expect(stackingContext({ ...plain, position: 'relative' })).toBe(false);
    expect(stackingContext({ ...plain, position: 'relative', zIndex: '1' })).toBe(true);
    expect(stackingContext({ ...plain, position: 'fixed' })).toBe(true);
    expect(stackingContext({ ...plain, position: 'sticky' })).toBe(true);
    expect(stackingContext({ ...plain, opacity: '0.99' })).toBe(true);
    expect(stackingContext({ ...plain, transform: 'matrix(1, 0, 0, 1, 1, 0)' })).toBe(true);
    expect(stackingContext({ ...plain, contain: 'paint' })).toBe(true);
    // Size containment alone, or a will-change that may not make one: not relied upon.
    expect(stackingContext({ ...plain, contain: 'size' })).toBe(false);
    expect(stackingContext({ ...plain, willChange: 'scroll-position' })).toBe(false);
    // A z-index without a position is ignored outside flex and grid items: not relied upon.
    expect(stackingContext({ ...plain, zIndex: '1' })).toBe(false);
  });

  it('looks at a large page take at most a fifth of the time while hovered', () => {
    expect(nextLookAfter(2)).toBe(RECHECK_MS);
    expect(nextLookAfter(200)).toBe(800);
  });

  it('one veiled look while the pointer is over the button holds until it leaves', () => {
    expect(combineLooks(true, true)).toBe(true);
    expect(combineLooks(false, true)).toBe(false);
    expect(combineLooks(true, false)).toBe(false);
    expect(combineLooks(undefined, true)).toBeUndefined();
    expect(combineLooks(undefined, false)).toBe(false);
  });
});
