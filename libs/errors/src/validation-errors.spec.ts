import { plainToInstance, Type } from 'class-transformer';
import {
  IsDefined,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsPositive,
  IsString,
  Min,
  ValidateNested,
  validateSync,
} from 'class-validator';
import { StrictQuery } from '@app/validation';
import { contractValidationPipe, flattenValidationErrors, validationErrorFrom } from '@app/errors';

class Property {
  @IsPositive()
  area!: number;
}

class DecisionRequest {
  @IsDefined()
  @IsString()
  city!: string;

  @IsIn(['buy', 'rent'])
  type!: string;

  @IsDefined()
  @ValidateNested()
  @Type(() => Property)
  property!: Property;
}

class Named {
  @IsNotEmpty()
  name!: string;
}

const valid = { city: 'Riyadh', type: 'buy', property: { area: 120 } };

function errorsFor(plain: object, options?: Parameters<typeof validateSync>[1]) {
  return validateSync(plainToInstance(DecisionRequest, plain), options);
}

describe('validationErrorFrom', () => {
  it('should find no errors when the body is valid', () => {
    expect(errorsFor(valid)).toEqual([]);
  });

  it('should name the nested path when a nested field is invalid', () => {
    const envelope = validationErrorFrom(errorsFor({ ...valid, property: { area: -5 } })).toEnvelope();
    expect(envelope).toEqual({
      error: 'validation_error',
      message: 'property.area must be a positive number',
      code: 'INVALID_FIELD_TYPE',
      field: 'property.area',
      details: { fields: [{ field: 'property.area', expected: 'property.area must be a positive number' }] },
    });
  });

  it('should give 422 when the body is invalid', () => {
    expect(validationErrorFrom(errorsFor({ ...valid, type: 'steal' })).status).toBe(422);
  });

  it('should report an IsIn failure with the allowed values when the type is not one of them', () => {
    const envelope = validationErrorFrom(errorsFor({ ...valid, type: 'steal' })).toEnvelope();
    expect(envelope.code).toBe('INVALID_FIELD_TYPE');
    expect(envelope.field).toBe('type');
    expect(envelope.details).toEqual({
      fields: [{ field: 'type', expected: 'type must be one of the following values: buy, rent' }],
    });
  });

  it('should list every invalid field when several are invalid', () => {
    const envelope = validationErrorFrom(errorsFor({ ...valid, type: 'steal', property: { area: 0 } })).toEnvelope();
    expect(envelope.details).toEqual({
      fields: [
        { field: 'type', expected: 'type must be one of the following values: buy, rent' },
        { field: 'property.area', expected: 'property.area must be a positive number' },
      ],
    });
  });

  it('should give MISSING_REQUIRED_FIELDS with details.missing when a required field is absent', () => {
    const envelope = validationErrorFrom(errorsFor({ type: 'rent', property: { area: 50 } })).toEnvelope();
    expect(envelope).toEqual({
      error: 'validation_error',
      message: 'city is required',
      code: 'MISSING_REQUIRED_FIELDS',
      field: 'city',
      details: { missing: ['city'] },
    });
  });

  it('should list every absent field and prefer missing over invalid when both occur', () => {
    const envelope = validationErrorFrom(errorsFor({ type: 'steal' })).toEnvelope();
    expect(envelope.code).toBe('MISSING_REQUIRED_FIELDS');
    expect(envelope.field).toBe('city');
    expect(envelope.details).toEqual({ missing: ['city', 'property'] });
  });

  it('should name the unknown property when whitelist validation forbids it', () => {
    const errors = errorsFor({ ...valid, admin: true }, { whitelist: true, forbidNonWhitelisted: true });
    const envelope = validationErrorFrom(errors).toEnvelope();
    expect(envelope).toEqual({
      error: 'validation_error',
      message: 'admin is not a recognised field',
      code: 'INVALID_FIELD_TYPE',
      field: 'admin',
      details: { fields: [{ field: 'admin', expected: 'absent' }] },
    });
  });

  it('should name the nested unknown property when whitelist validation forbids it inside a nested object', () => {
    const errors = errorsFor(
      { ...valid, property: { area: 10, owner: 'x' } },
      { whitelist: true, forbidNonWhitelisted: true },
    );
    const envelope = validationErrorFrom(errors).toEnvelope();
    expect(envelope.field).toBe('property.owner');
    expect(envelope.details).toEqual({ fields: [{ field: 'property.owner', expected: 'absent' }] });
  });

  it('should fall back to the body when there are no errors to describe', () => {
    expect(validationErrorFrom([]).toEnvelope()).toEqual({
      error: 'validation_error',
      message: 'The request is invalid.',
      code: 'INVALID_FIELD_TYPE',
      field: 'body',
      details: { fields: [] },
    });
  });

  it('should report an IsNotEmpty field as missing when it is empty', () => {
    const envelope = validationErrorFrom(validateSync(plainToInstance(Named, { name: '' }))).toEnvelope();
    expect(envelope).toEqual({
      error: 'validation_error',
      message: 'name is required',
      field: 'name',
      code: 'MISSING_REQUIRED_FIELDS',
      details: { missing: ['name'] },
    });
  });

  it('should replace only the leading property name with the path when the field is called property', () => {
    class Inner {
      @IsString()
      property: string;
    }
    class Outer {
      @ValidateNested()
      @Type(() => Inner)
      listing: Inner;
    }
    const envelope = validationErrorFrom(
      validateSync(plainToInstance(Outer, { listing: { property: 5 } })),
    ).toEnvelope();
    expect(envelope.message).toBe('listing.property must be a string');
  });
});

describe('flattenValidationErrors', () => {
  it('should give dotted paths and constraint names when errors are nested', () => {
    expect(flattenValidationErrors(errorsFor({ ...valid, property: { area: -1 } }))).toEqual([
      { field: 'property.area', constraint: 'isPositive', message: 'property.area must be a positive number' },
    ]);
  });
});

@StrictQuery({ unknown: (name) => `${name} is not a filter of this search.` })
class StrictSearch {
  @IsOptional()
  @IsInt({ message: 'limit must be a whole number from 1 to 50.' })
  @Min(1, { message: 'limit must be a whole number from 1 to 50.' })
  limit?: number;
}

describe('contractValidationPipe with a @StrictQuery class', () => {
  const pipe = contractValidationPipe();
  // The pipe may answer synchronously (a plain object for a contract class): `async` turns a throw into the rejection Nest sees.
  const read = async (query: object): Promise<unknown> =>
    pipe.transform(query, { type: 'query', metatype: StrictSearch });

  it('should answer 400 invalid_param naming the parameter when a value is bad', async () => {
    await expect(read({ limit: 0 })).rejects.toMatchObject({
      error: 'invalid_param',
      status: 400,
      extras: { field: 'limit' },
      message: 'limit must be a whole number from 1 to 50.',
    });
  });

  it('should answer invalid_param with its own message when a parameter is unknown', async () => {
    await expect(read({ colour: 'blue' })).rejects.toMatchObject({
      error: 'invalid_param',
      extras: { field: 'colour' },
      message: 'colour is not a filter of this search.',
    });
  });

  it('should keep 422 validation_error for any other class', async () => {
    const transform = async (): Promise<unknown> => pipe.transform({ name: '' }, { type: 'body', metatype: Named });
    await expect(transform()).rejects.toMatchObject({
      error: 'validation_error',
      status: 422,
      extras: { field: 'name' },
    });
  });
});
