/**
 * A listing's create body (POST /v1/listings) as a broker sends it: a Riyadh, Al Olaya apartment
 * in both languages with a valid REGA licence; `fields` change or add to it. No imports, so the
 * benches use it too.
 */
export function listingBody(fields: Record<string, unknown> = {}) {
  return {
    property_type: 'apartment',
    title_en: 'Bright apartment facing Kingdom Tower',
    title_ar: 'شقة مشرقة مقابل برج المملكة',
    description_en: 'Three bedrooms, fitted kitchen, close to services.',
    description_ar: 'ثلاث غرف نوم ومطبخ مجهز وقريبة من الخدمات.',
    price: 1_200_000,
    city: 'Riyadh',
    district: 'Al Olaya',
    area_sqm: 150,
    bedrooms: 3,
    bathrooms: 2,
    licence_number: '7200012345',
    ...fields,
  };
}
