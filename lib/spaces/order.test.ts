import { describe, expect, it } from 'vitest';
import { listedOrder } from './order';

const item = (name: string, main = false) => ({ is_main_space: main, space: { name } });

describe('the order spaces are listed in', () => {
  it('the personal space first, then the others by name', () => {
    const items = [item('Sales'), item('Alpha'), item('Personal', true), item('Marketing')];
    expect(listedOrder(items).map((entry) => entry.space.name)).toEqual([
      'Personal',
      'Alpha',
      'Marketing',
      'Sales',
    ]);
  });

  it('leaves the given list as it is', () => {
    const items = [item('B'), item('A')];
    listedOrder(items);
    expect(items.map((entry) => entry.space.name)).toEqual(['B', 'A']);
  });
});
