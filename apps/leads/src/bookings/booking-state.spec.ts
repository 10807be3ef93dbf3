import { BOOKING_STATUSES } from '@app/contracts';
import { AppError } from '@app/errors';
import { assertViewingStarted, nextBookingStatus } from './booking-state';

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('booking states', () => {
  it('should walk booking → confirm → complete for the broker', () => {
    expect(nextBookingStatus('pending', 'confirm', 'broker')).toBe('confirmed');
    expect(nextBookingStatus('confirmed', 'complete', 'broker')).toBe('completed');
  });

  it('should let the broker reject a pending booking and propose another time for a pending or confirmed one', () => {
    expect(nextBookingStatus('pending', 'reject', 'broker')).toBe('rejected');
    expect(nextBookingStatus('pending', 'propose', 'broker')).toBe('proposed');
    expect(nextBookingStatus('confirmed', 'propose', 'broker')).toBe('proposed');
  });

  it('should let the buyer cancel until the viewing is done, and accept a proposal', () => {
    for (const state of ['pending', 'confirmed', 'proposed'] as const)
      expect(nextBookingStatus(state, 'cancel', 'buyer')).toBe('cancelled');
    expect(nextBookingStatus('proposed', 'accept', 'buyer')).toBe('rescheduled');
  });

  it('should answer 409 invalid_state naming the current state for every illegal move', () => {
    const legal = new Set([
      'pending:confirm',
      'pending:reject',
      'pending:propose',
      'confirmed:propose',
      'confirmed:complete',
    ]);
    for (const state of BOOKING_STATUSES) {
      for (const action of ['confirm', 'reject', 'propose', 'complete'] as const) {
        if (legal.has(`${state}:${action}`)) continue;
        const error = refusal(() => nextBookingStatus(state, action, 'broker'));
        expect(error.error).toBe('invalid_state');
        expect(error.toEnvelope().state).toBe(state);
      }
    }
    expect(refusal(() => nextBookingStatus('completed', 'cancel', 'buyer')).toEnvelope()).toMatchObject({
      error: 'invalid_state',
      state: 'completed',
    });
  });

  it('should refuse a broker action from the buyer and a buyer action from the broker with 403', () => {
    expect(refusal(() => nextBookingStatus('pending', 'confirm', 'buyer')).error).toBe('forbidden');
    expect(refusal(() => nextBookingStatus('proposed', 'accept', 'broker')).error).toBe('forbidden');
  });

  describe('completing a viewing', () => {
    const viewing = {
      status: 'confirmed' as const,
      scheduled_at: new Date('2030-01-05T07:00:00Z'),
      time_zone: 'Asia/Riyadh',
    };

    it('should refuse with 409 naming the start when the viewing has not started', () => {
      const error = refusal(() => assertViewingStarted(viewing, new Date('2030-01-05T06:59:59Z')));
      expect(error.status).toBe(409);
      expect(error.toEnvelope()).toMatchObject({
        error: 'invalid_state',
        state: 'confirmed',
        details: { scheduled_at: '2030-01-05T07:00:00.000Z' },
      });
      expect(error.message).toContain('2030-01-05T07:00:00.000Z');
      expect(error.message).toContain('2030-01-05T10:00:00+03:00');
    });

    it('should allow it from the minute the viewing starts', () => {
      expect(() => assertViewingStarted(viewing, new Date('2030-01-05T07:00:00Z'))).not.toThrow();
      expect(() => assertViewingStarted(viewing, new Date('2030-01-06T00:00:00Z'))).not.toThrow();
    });
  });
});
