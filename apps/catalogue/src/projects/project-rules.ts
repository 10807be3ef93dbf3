import type { CountryCode, Currency, ProjectUnitStatus } from '@app/contracts';
import { AppError } from '@app/errors';

/**
 * The rules of projects and units that need no database: registration numbers by country,
 * unit status transitions, land without bedrooms, a date that is a real day.
 */

export interface Registration {
  rega_licence_number?: string | null;
  dld_project_number?: string | null;
}

/**
 * A REGA off-plan sale licence belongs to a Saudi project, a DLD project number to a Dubai
 * one: the other country's number is a 422 naming the field (the escrow account is either's).
 */
export function assertRegistrationFitsCountry(country: CountryCode, registration: Registration): void {
  if (country !== 'SA' && registration.rega_licence_number) {
    throw fieldError(
      'rega_licence_number',
      'A REGA off-plan sale licence is for projects in Saudi Arabia; this project is in the UAE.',
    );
  }
  if (country !== 'AE' && registration.dld_project_number) {
    throw fieldError(
      'dld_project_number',
      'A DLD project number is for projects in Dubai; this project is in Saudi Arabia.',
    );
  }
}

/** The currency a unit is priced in when none is given: the project's country's. */
export function defaultCurrency(country: CountryCode): Currency {
  return country === 'AE' ? 'AED' : 'SAR';
}

/**
 * available ⇄ reserved, available | reserved → sold. Sold is final: a sale that falls through
 * is a new unit, so buyers who saw "sold" never see it quietly come back.
 */
const NEXT: Record<ProjectUnitStatus, readonly ProjectUnitStatus[]> = {
  available: ['reserved', 'sold'],
  reserved: ['available', 'sold'],
  sold: [],
};

export function assertUnitTransition(from: ProjectUnitStatus, to: ProjectUnitStatus): void {
  if (from === to || NEXT[from].includes(to)) return;
  throw new AppError('invalid_state', `A ${from} unit cannot become ${to}.`, { state: from, field: 'status' });
}

/** A sold unit is not edited (price, area…): only deleted. */
export function assertUnitEditable(status: ProjectUnitStatus): void {
  if (status === 'sold') throw new AppError('invalid_state', 'A sold unit is not changed any more.', { state: 'sold' });
}

export function assertNoBedroomsForLand(type: string, bedrooms: number | null): void {
  if (type === 'land' && bedrooms !== null) {
    throw new AppError('validation_error', 'A land unit has no bedrooms.', {
      field: 'bedrooms',
      details: { fields: [{ field: 'bedrooms', expected: 'absent for land' }] },
    });
  }
}

/** YYYY-MM-DD that is a calendar day (the pattern alone lets 2027-02-30 through). */
export function assertCalendarDate(field: string, value: string | null | undefined): void {
  if (value === undefined || value === null) return;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) {
    throw fieldError(field, `${field} must be a real date (YYYY-MM-DD).`);
  }
}

/** Fields that may be left out of a PATCH but never cleared (null): 422 naming the first sent as null. */
export function assertNotNull(values: object, fields: readonly string[]): void {
  for (const field of fields) {
    if ((values as Record<string, unknown>)[field] === null) throw fieldError(field, `${field} cannot be null.`);
  }
}

function fieldError(field: string, message: string): AppError {
  return new AppError('validation_error', message, { field });
}
