import fc from 'fast-check';
import { jsonCopy } from './json-copy';

const overJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;

class Dto {
  constructor(
    public city: string,
    public skipped?: string,
  ) {}

  get computed(): string {
    return 'not an own property';
  }
}

describe('jsonCopy', () => {
  it('should give what a JSON round trip gives for any JSON-like value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(jsonCopy(value)).toStrictEqual(overJson(value));
      }),
      { numRuns: 500 },
    );
  });

  it('should give what a JSON round trip gives for values JSON changes', () => {
    const anything = fc.anything({
      withDate: true,
      withNullPrototype: true,
      withBoxedValues: true,
      withSparseArray: true,
      withObjectString: true,
    });
    fc.assert(
      fc.property(anything, (value) => {
        let expected: unknown;
        try {
          expected = overJson(value);
        } catch {
          return; // values JSON cannot write (invalid dates' toJSON is fine; BigInt throws in both)
        }
        expect(jsonCopy(value)).toStrictEqual(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('should turn dates into ISO strings, class instances into plain objects and drop undefined fields', () => {
    const value = { at: new Date('2025-01-02T03:04:05.000Z'), dto: new Dto('الرياض'), list: [undefined, NaN, () => 1] };
    expect(jsonCopy(value)).toStrictEqual({
      at: '2025-01-02T03:04:05.000Z',
      dto: { city: 'الرياض' },
      list: [null, null, null],
    });
  });

  it('should keep a "__proto__" key as data, as JSON.parse does', () => {
    const value = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as Record<string, unknown>;
    const copied = jsonCopy<Record<string, unknown>>(value);
    expect(copied).toStrictEqual(overJson(value));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(copied)).toBe(Object.prototype);
  });

  it('should not share objects with the original', () => {
    const value = { nested: { list: [{ n: 1 }] } };
    const copied = jsonCopy(value);
    copied.nested.list[0].n = 2;
    expect(value.nested.list[0].n).toBe(1);
  });

  it('should refuse a BigInt as JSON does', () => {
    expect(() => jsonCopy({ n: BigInt(1) })).toThrow(TypeError);
  });
});
