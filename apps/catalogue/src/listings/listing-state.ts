import type { ListingStatus } from '@app/contracts';
import { AppError } from '@app/errors';

/** What can be done to a listing; the moderation actions are the moderators'. */
export type ListingAction = 'edit' | 'submit' | 'approve' | 'reject' | 'delete';

/**
 * Spec 3 and the catalogue brief: draft and rejected listings are edited and submitted;
 * pending ones wait for a moderator (frozen, so what is approved is what was reviewed);
 * published ones are edited live, and a moderator may unpublish one with a reason (reject);
 * any listing may be deleted.
 */
const ALLOWED: Record<ListingAction, readonly ListingStatus[]> = {
  edit: ['draft', 'rejected', 'published'],
  submit: ['draft', 'rejected'],
  approve: ['pending'],
  reject: ['pending', 'published'],
  delete: ['draft', 'pending', 'published', 'rejected'],
};

const NEXT: Partial<Record<ListingAction, ListingStatus>> = {
  submit: 'pending',
  approve: 'published',
  reject: 'rejected',
};

export function canDo(status: ListingStatus, action: ListingAction): boolean {
  return ALLOWED[action].includes(status);
}

/** The status after the action; 409 invalid_state naming the current state when it is not allowed. */
export function transition(status: ListingStatus, action: ListingAction): ListingStatus {
  if (!canDo(status, action)) {
    throw new AppError('invalid_state', `A ${status} listing cannot be ${pastTense(action)}.`, {
      state: status,
      details: { state: status, action, allowed_from: ALLOWED[action] },
    });
  }
  return NEXT[action] ?? status;
}

function pastTense(action: ListingAction): string {
  switch (action) {
    case 'edit':
      return 'edited';
    case 'submit':
      return 'submitted';
    case 'approve':
      return 'approved';
    case 'reject':
      return 'rejected';
    case 'delete':
      return 'deleted';
  }
}

/** What a listing lacks before it can be submitted: ≥ 1 image, both titles, price, area, place. */
export interface SubmittableFacts {
  title_en: string | null;
  title_ar: string | null;
  price: number | null;
  area_sqm: number | null;
  district_id: number | null;
  image_count: number;
}

export function missingForSubmit(facts: SubmittableFacts): string[] {
  const missing: string[] = [];
  if (facts.image_count < 1) missing.push('images');
  if (!facts.title_en) missing.push('title_en');
  if (!facts.title_ar) missing.push('title_ar');
  if (facts.price === null) missing.push('price');
  if (facts.area_sqm === null) missing.push('area_sqm');
  if (facts.district_id === null) missing.push('place');
  return missing;
}

export function assertSubmittable(facts: SubmittableFacts): void {
  const missing = missingForSubmit(facts);
  if (missing.length > 0) {
    throw new AppError('listing_incomplete', `The listing cannot be submitted yet: it needs ${missing.join(', ')}.`, {
      missing,
      details: { missing },
    });
  }
}

/** Land has no rooms (422 naming the field). */
export function assertRoomsFitType(type: string, bedrooms: number | null, bathrooms: number | null): void {
  if (type !== 'land') return;
  const field = bedrooms !== null ? 'bedrooms' : bathrooms !== null ? 'bathrooms' : undefined;
  if (field) {
    throw new AppError('validation_error', `A land listing has no ${field}.`, {
      field,
      details: { fields: [{ field, expected: 'absent for land' }] },
    });
  }
}
