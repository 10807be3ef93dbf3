import { IsString, MaxLength, validateSync } from './index';

class Base {
  @IsString()
  name!: unknown;
}

class Child extends Base {
  @MaxLength(3)
  code!: unknown;
}

const failing = (object: object) => validateSync(object).map((error) => error.property);

describe('cached validation rules', () => {
  it('should apply a class and its parent rules on every call, not only the first', () => {
    for (let i = 0; i < 3; i++) {
      expect(failing(Object.assign(new Child(), { name: 1, code: 'abcd' }))).toEqual(['code', 'name']);
      expect(failing(Object.assign(new Child(), { name: 'سارة', code: 'abc' }))).toEqual([]);
    }
  });

  it('should apply a rule declared after the class was first validated', () => {
    class Late {
      @IsString()
      a!: unknown;
    }
    expect(failing(Object.assign(new Late(), { a: 'x', b: 1 }))).toEqual([]);
    IsString()(Late.prototype, 'b');
    expect(failing(Object.assign(new Late(), { a: 'x', b: 1 }))).toEqual(['b']);
  });
});
