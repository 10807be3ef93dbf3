import { crossesBelow } from './low-balance';

describe('crossesBelow', () => {
  it('should fire when a debit takes the balance from the threshold to below it', () => {
    expect(crossesBelow(3, 2, -1)).toBe(true);
    expect(crossesBelow(3, 0, -5)).toBe(true);
  });

  it('should not fire when the balance was already below the threshold', () => {
    expect(crossesBelow(3, 1, -1)).toBe(false);
  });

  it('should not fire when the balance stays at or above the threshold', () => {
    expect(crossesBelow(3, 3, -1)).toBe(false);
  });

  it('should not fire on credits or when the threshold is 0', () => {
    expect(crossesBelow(3, 2, 1)).toBe(false);
    expect(crossesBelow(0, 0, -1)).toBe(false);
  });
});
