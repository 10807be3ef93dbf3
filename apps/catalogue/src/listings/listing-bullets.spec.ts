import { bedroomsAr, districtAr, listingBullets } from './listing-bullets';

const facts = {
  property_type: 'apartment' as const,
  bedrooms: 3,
  bathrooms: 2,
  area_sqm: 150,
  price: 1_200_000,
  currency: 'SAR' as const,
  price_sar: 1_200_000,
  city_en: 'Riyadh',
  city_ar: 'الرياض',
  district_en: 'Al Olaya',
  district_ar: 'العليا',
};

describe('bedroomsAr', () => {
  it('should use the singular, dual, plural and counted-singular forms when given 1, 2, 3-10 and 11+', () => {
    expect([1, 2, 3, 10, 11].map(bedroomsAr)).toEqual([
      'بغرفة نوم واحدة',
      'بغرفتي نوم',
      'من 3 غرف نوم',
      'من 10 غرف نوم',
      'من 11 غرفة نوم',
    ]);
  });
});

describe('districtAr', () => {
  it('should add the word حي when the district name does not carry it', () => {
    expect(districtAr('العليا')).toBe('حي العليا');
    expect(districtAr('الملقا')).toBe('حي الملقا');
    expect(districtAr('مرسى دبي')).toBe('حي مرسى دبي');
  });

  it('should never double حي when the district name already carries it', () => {
    expect(districtAr('حي حطين')).toBe('حي حطين');
    expect(districtAr('حي الياسمين')).toBe('حي الياسمين');
    expect(districtAr('حى النخيل')).toBe('حى النخيل');
    expect(districtAr('حيّ الورود')).toBe('حيّ الورود');
    expect(districtAr('  حي السليمانية ')).toBe('حي السليمانية');
    expect(districtAr('الحي الدبلوماسي')).toBe('الحي الدبلوماسي');
  });

  it('should add حي when the name only starts with the same letters', () => {
    expect(districtAr('حيدر')).toBe('حي حيدر');
    expect(districtAr('الحيرة')).toBe('حي الحيرة');
  });
});

describe('listingBullets', () => {
  it('should name a district once when its gazetteer name already carries حي', () => {
    const bullets = listingBullets({ ...facts, district_en: 'Hittin', district_ar: 'حي حطين' });
    expect(bullets.ar[1]).toBe('في حي حطين، الرياض');
    expect(bullets.ar.join(' ')).not.toContain('حي حي');
  });

  it('should write three bullets per language from the facts when an apartment is published', () => {
    expect(listingBullets(facts)).toEqual({
      en: ['3-bedroom apartment, 150 m²', 'In Al Olaya, Riyadh', 'Asking 1,200,000 SAR (8,000 SAR per m²)'],
      ar: [
        'شقة من 3 غرف نوم، 150 م²',
        'في حي العليا، الرياض',
        'السعر المطلوب 1,200,000 ريال (8,000 ريال للمتر المربع)',
      ],
    });
  });

  it('should leave rooms out when a studio has no bedrooms', () => {
    const bullets = listingBullets({ ...facts, bedrooms: 0, area_sqm: 45, price: 450_000, price_sar: 450_000 });
    expect(bullets.en[0]).toBe('Apartment, 45 m²');
    expect(bullets.ar[0]).toBe('شقة، 45 م²');
  });

  it('should leave rooms out and name the AED amount when land is priced in AED', () => {
    const bullets = listingBullets({
      ...facts,
      property_type: 'land',
      bedrooms: 2,
      currency: 'AED',
      price: 1_000_000,
      price_sar: 1_021_102.79,
      area_sqm: 500,
    });
    expect(bullets.en[0]).toBe('Land plot, 500 m²');
    expect(bullets.en[2]).toBe('Asking 1,000,000 AED (2,042 SAR per m²)');
    expect(bullets.ar[2]).toContain('درهم');
  });
});
