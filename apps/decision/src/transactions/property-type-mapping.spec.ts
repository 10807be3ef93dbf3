import { dldPropertyType, mojPropertyType, plainPropertyType } from './property-type-mapping';

describe('dldPropertyType', () => {
  it.each([
    ['Unit', 'Flat', 'apartment'],
    ['Unit', 'Hotel Apartment', 'apartment'],
    ['Unit', 'Villa', 'villa'],
    ['Villa', 'Villa', 'villa'],
    ['Land', '', 'land'],
    ['Land', 'Residential', 'land'],
    ['Unit', 'Office', 'office'],
    ['Unit', 'Shop', 'commercial'],
    ['Unit', 'Show Rooms', 'commercial'],
    ['Unit', 'Hotel Rooms', 'unsupported_type'],
    ['Unit', '', 'unsupported_type'],
    ['Building', '', 'unsupported_type'],
  ])('should map %s / %s to %s', (type, subType, ours) => {
    expect(dldPropertyType(type, subType)).toBe(ours);
  });
});

describe('mojPropertyType', () => {
  it.each([
    ['تجاري', '', 'commercial'],
    ['سكني', '', 'untyped_residential'],
    ['زراعي', '', 'unsupported_type'],
    ['صناعي', '', 'unsupported_type'],
    ['سكني', 'شقة', 'apartment'],
    ['سكني', 'شقه', 'apartment'],
    ['سكني', 'فيلا', 'villa'],
    ['سكني', 'أرض', 'land'],
    ['تجاري', 'ارض', 'land'],
    ['تجاري', 'محل', 'commercial'],
    ['تجاري', 'مكتب', 'office'],
    ['سكني', 'عمارة', 'unsupported_type'],
  ])('should map classification %s with type %j to %s', (classification, type, ours) => {
    expect(mojPropertyType(classification, type)).toBe(ours);
  });
});

describe('plainPropertyType', () => {
  it.each([
    ['apartment', 'apartment'],
    ['Villa', 'villa'],
    ['فيلا', 'villa'],
    ['أرض', 'land'],
    ['تجاري', 'commercial'],
    ['shop', 'commercial'],
    ['مكتب', 'office'],
    ['castle', 'unsupported_type'],
  ])('should map %s to %s', (type, ours) => {
    expect(plainPropertyType(type)).toBe(ours);
  });
});
