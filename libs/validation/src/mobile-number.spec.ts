/* eslint-disable @typescript-eslint/no-require-imports -- each module is loaded in a fresh registry, to see what it loads */
import type * as ClassTransformer from 'class-transformer';
import type * as Contracts from '@app/contracts';
import type * as Validation from '@app/validation';

/** Whether running `load` in a fresh module registry loaded libphonenumber-js. */
function loadsPhoneMetadata(load: () => void): boolean {
  let loaded = false;
  jest.isolateModules(() => {
    jest.doMock('libphonenumber-js/max', () => {
      loaded = true;
      return jest.requireActual<object>('libphonenumber-js/max');
    });
    load();
  });
  return loaded;
}

describe('IsMobileNumber in a contract class', () => {
  it('should not load the phone metadata when a service loads the contracts', () => {
    // Services import every contract, the booking body's phone rule included (docs/performance.md).
    expect(loadsPhoneMetadata(() => require('@app/contracts') as typeof Contracts)).toBe(false);
  });

  it('should load it when the gateway checks a number', () => {
    expect(
      loadsPhoneMetadata(() => {
        const { CreateBookingBody } = require('@app/contracts') as typeof Contracts;
        const { validateSync } = require('@app/validation') as typeof Validation;
        // The registry's own class-transformer: the one the contract's decorators registered with.
        const { plainToInstance } = require('class-transformer') as typeof ClassTransformer;
        const body = plainToInstance(CreateBookingBody, {
          property_id: '6f1c1d5e-4a43-4b0e-9a0a-0d6f7a1e2b3c',
          scheduled_at: '2030-01-01T10:00:00Z',
          user_phone: '050 123 4567',
        });
        expect(body.user_phone).toBe('+966501234567');
        expect(validateSync(body)).toEqual([]);
      }),
    ).toBe(true);
  });
});
