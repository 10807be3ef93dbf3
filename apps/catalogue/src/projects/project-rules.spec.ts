import type { AppError } from '@app/errors';
import {
  assertCalendarDate,
  assertNoBedroomsForLand,
  assertRegistrationFitsCountry,
  assertUnitEditable,
  assertUnitTransition,
  defaultCurrency,
} from './project-rules';

function errorOf(work: () => void): ReturnType<AppError['toEnvelope']> | undefined {
  try {
    work();
    return undefined;
  } catch (err) {
    return (err as AppError).toEnvelope();
  }
}

describe('project rules', () => {
  it('should refuse a REGA licence for a Dubai project and a DLD number for a Saudi one, naming the field', () => {
    expect(errorOf(() => assertRegistrationFitsCountry('AE', { rega_licence_number: '123' }))).toMatchObject({
      error: 'validation_error',
      field: 'rega_licence_number',
    });
    expect(errorOf(() => assertRegistrationFitsCountry('SA', { dld_project_number: '456' }))).toMatchObject({
      error: 'validation_error',
      field: 'dld_project_number',
    });
    expect(errorOf(() => assertRegistrationFitsCountry('SA', { rega_licence_number: '123' }))).toBeUndefined();
    expect(errorOf(() => assertRegistrationFitsCountry('AE', { dld_project_number: '456' }))).toBeUndefined();
  });

  it('should price units in the country currency by default', () => {
    expect(defaultCurrency('SA')).toBe('SAR');
    expect(defaultCurrency('AE')).toBe('AED');
  });

  it.each([
    ['available', 'reserved'],
    ['reserved', 'available'],
    ['available', 'sold'],
    ['reserved', 'sold'],
    ['sold', 'sold'],
  ] as const)('should allow a %s unit to become %s', (from, to) => {
    expect(errorOf(() => assertUnitTransition(from, to))).toBeUndefined();
  });

  it.each([
    ['sold', 'available'],
    ['sold', 'reserved'],
  ] as const)('should refuse a %s unit becoming %s with invalid_state', (from, to) => {
    expect(errorOf(() => assertUnitTransition(from, to))).toMatchObject({ error: 'invalid_state', state: 'sold' });
  });

  it('should refuse editing a sold unit and bedrooms on land', () => {
    expect(errorOf(() => assertUnitEditable('sold'))).toMatchObject({ error: 'invalid_state' });
    expect(errorOf(() => assertUnitEditable('reserved'))).toBeUndefined();
    expect(errorOf(() => assertNoBedroomsForLand('land', 2))).toMatchObject({ field: 'bedrooms' });
    expect(errorOf(() => assertNoBedroomsForLand('land', null))).toBeUndefined();
    expect(errorOf(() => assertNoBedroomsForLand('villa', 4))).toBeUndefined();
  });

  it('should refuse a date that is not a calendar day', () => {
    expect(errorOf(() => assertCalendarDate('handover_date', '2027-02-30'))).toMatchObject({ field: 'handover_date' });
    expect(errorOf(() => assertCalendarDate('handover_date', '2028-02-29'))).toBeUndefined();
  });
});
