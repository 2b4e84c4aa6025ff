import { describe, expect, test } from 'vitest';
import { pageItems } from './pagination.tsx';

describe('pageItems (the pages MUI’s Pagination shows)', () => {
  test('one page at each end, one either side of the current, an ellipsis for a gap of two or more', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(3, 2)).toEqual([1, 2, 3]);
    expect(pageItems(10, 1)).toEqual([1, 2, 3, 4, 5, 'end-ellipsis', 10]);
    expect(pageItems(10, 5)).toEqual([1, 'start-ellipsis', 4, 5, 6, 'end-ellipsis', 10]);
    expect(pageItems(10, 10)).toEqual([1, 'start-ellipsis', 6, 7, 8, 9, 10]);
    expect(pageItems(7, 4)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});
