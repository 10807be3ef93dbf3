import { LISTING_STATUSES } from '@app/contracts';
import type { ListingStatus } from '@app/contracts';
import { AppError } from '@app/errors';
import { assertRoomsFitType, missingForSubmit, transition } from './listing-state';
import type { ListingAction } from './listing-state';

const complete = {
  title_en: 'Villa',
  title_ar: 'فيلا',
  price: 2_000_000,
  area_sqm: 400,
  district_id: 10100003075,
  image_count: 1,
};

function errorOf(fn: () => unknown): AppError {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected an AppError');
}

describe('transition', () => {
  const table: [ListingStatus, ListingAction, ListingStatus | 'invalid'][] = [
    ['draft', 'submit', 'pending'],
    ['rejected', 'submit', 'pending'],
    ['pending', 'submit', 'invalid'],
    ['published', 'submit', 'invalid'],
    ['pending', 'approve', 'published'],
    ['pending', 'reject', 'rejected'],
    ['published', 'reject', 'rejected'],
    ['draft', 'approve', 'invalid'],
    ['published', 'approve', 'invalid'],
    ['rejected', 'reject', 'invalid'],
    ['draft', 'edit', 'draft'],
    ['rejected', 'edit', 'rejected'],
    ['published', 'edit', 'published'],
    ['pending', 'edit', 'invalid'],
  ];

  it.each(table)('should take a %s listing through %s to %s', (from, action, to) => {
    if (to === 'invalid') {
      const err = errorOf(() => transition(from, action));
      expect(err.toEnvelope()).toMatchObject({ error: 'invalid_state', state: from, code: 'CONFLICT' });
      expect(err.status).toBe(409);
    } else {
      expect(transition(from, action)).toBe(to);
    }
  });

  it.each(LISTING_STATUSES)('should allow deleting a listing when it is %s', (status) => {
    expect(transition(status, 'delete')).toBe(status);
  });
});

describe('missingForSubmit', () => {
  it('should name nothing when the listing is complete', () => {
    expect(missingForSubmit(complete)).toEqual([]);
  });

  it('should name every missing part when a bare draft is submitted', () => {
    expect(
      missingForSubmit({
        title_en: null,
        title_ar: null,
        price: null,
        area_sqm: null,
        district_id: null,
        image_count: 0,
      }),
    ).toEqual(['images', 'title_en', 'title_ar', 'price', 'area_sqm', 'place']);
  });

  it('should name the Arabic title alone when only it is missing', () => {
    expect(missingForSubmit({ ...complete, title_ar: '' })).toEqual(['title_ar']);
  });
});

describe('assertRoomsFitType', () => {
  it('should refuse bedrooms with field bedrooms when the type is land', () => {
    expect(errorOf(() => assertRoomsFitType('land', 2, null)).toEnvelope()).toMatchObject({
      error: 'validation_error',
      field: 'bedrooms',
    });
  });

  it('should refuse bathrooms with field bathrooms when the type is land', () => {
    expect(errorOf(() => assertRoomsFitType('land', null, 1)).extras.field).toBe('bathrooms');
  });

  it('should accept rooms when the type is not land and no rooms when it is', () => {
    expect(() => assertRoomsFitType('villa', 5, 4)).not.toThrow();
    expect(() => assertRoomsFitType('land', null, null)).not.toThrow();
  });
});
