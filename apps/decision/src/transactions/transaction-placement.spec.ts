import { seedBatch } from '../locations/gazetteer-sources';
import { LocationIndex } from '../locations/location-index';
import { DUBAI_CITY_ID, DUBAI_DISTRICT_BASE, seedAliases } from '../locations/location-seed';
import { TransactionPlacer } from './transaction-placement';

const batch = seedBatch();
const placer = new TransactionPlacer(
  new LocationIndex({ cities: batch.cities, districts: batch.districts, aliases: seedAliases() }),
);

describe('TransactionPlacer over the seed gazetteer', () => {
  it.each([
    [{ city: 'الرياض', district: 'الملقا' }, 3, 10100003145],
    [{ city: 'الرياض', district: 'حي الياسمين' }, 3, 10100003147],
    [{ city: 'Riyadh', district: 'Al Olaya' }, 3, 10100003075],
    [{ city: 'مكة المكرمه', district: 'العزيزية' }, 6, 10200006022],
    [{ city: 'المدينة المنورة', district: 'العزيزية' }, 14, 10300014020],
    [{ city: 'الخبر', district: 'الثقبة' }, 31, 10500031020],
    [{ cityId: DUBAI_CITY_ID, district: 'Marsa Dubai' }, DUBAI_CITY_ID, DUBAI_DISTRICT_BASE + 392],
    [{ cityId: DUBAI_CITY_ID, district: 'Palm Jumeirah' }, DUBAI_CITY_ID, DUBAI_DISTRICT_BASE + 381],
    [{ cityId: DUBAI_CITY_ID, district: 'Al Thanayah Fifth' }, DUBAI_CITY_ID, DUBAI_DISTRICT_BASE + 393],
    [{ cityId: 3, districtId: 10100003145 }, 3, 10100003145],
  ])('should place %j in city %d, district %d', (text, cityId, districtId) => {
    expect(placer.place(text)).toEqual({ cityId, districtId });
  });

  it('should keep the same district name apart per city (العزيزية in Makkah and in Madinah)', () => {
    expect(placer.place({ city: 'مكة', district: 'العزيزية' })?.districtId).not.toBe(
      placer.place({ city: 'المدينة', district: 'العزيزية' })?.districtId,
    );
  });

  it('should place a row on its city only when the district is not in the gazetteer or not given', () => {
    expect(placer.place({ city: 'الرياض', district: 'المونسية' })).toEqual({ cityId: 3, districtId: null });
    expect(placer.place({ cityId: DUBAI_CITY_ID, district: 'Dubai Investment Park First' })).toEqual({
      cityId: DUBAI_CITY_ID,
      districtId: null,
    });
    expect(placer.place({ city: 'Riyadh' })).toEqual({ cityId: 3, districtId: null });
  });

  it('should not place a row whose city is unknown, or whose district id belongs to another city', () => {
    expect(placer.place({ city: 'تبوك', district: 'المروج' })).toBeUndefined();
    expect(placer.place({ city: 'Atlantis' })).toBeUndefined();
    expect(placer.place({ cityId: 999 })).toBeUndefined();
    expect(placer.place({ cityId: 18, districtId: 10100003145 })).toBeUndefined();
  });

  it('should not guess from a prefix or a typo', () => {
    expect(placer.place({ city: 'Riy' })).toBeUndefined();
    expect(placer.place({ city: 'Riyadh', district: 'Al Mal' })).toEqual({ cityId: 3, districtId: null });
  });
});
