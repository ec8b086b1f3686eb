import { describe, expect, it } from 'vitest';
import { subtract } from './intervals';

describe('intervals', () => {
  it('subtract keeps the parts of the first list outside the second', () => {
    expect(
      subtract(
        [
          [0, 10],
          [20, 30],
          [40, 50],
        ],
        [
          [2, 4],
          [8, 22],
          [25, 26],
          [45, 60],
        ],
      ),
    ).toEqual([
      [0, 2],
      [4, 8],
      [22, 25],
      [26, 30],
      [40, 45],
    ]);
    expect(subtract([[0, 10]], [])).toEqual([[0, 10]]);
    expect(subtract([[0, 10]], [[-5, 15]])).toEqual([]);
  });
});
