import { priceInSar } from '@app/contracts';
import type { ListingType, ResolvedPlace } from '@app/contracts';
import { listingBullets } from '../listings/listing-bullets';
import type { ListingWrite } from '../listings/listings.repository';

/** The places of the demo catalogue, named as a broker would type them (resolved by the decision service). */
export const DEMO_PLACES: { city: string; districts: string[] }[] = [
  { city: 'Riyadh', districts: ['Al Olaya', 'Al Malqa', 'Hittin', 'Al Yasmin', 'An Narjis'] },
  { city: 'Jeddah', districts: ['Ar Rawdah', 'Al Hamra', 'Ash Shati', 'As Safa'] },
  { city: 'Dammam', districts: ['Al Faisaliyah', 'Ar Rawdah', 'Al Fayha'] },
  { city: 'Dubai', districts: ['Dubai Marina', 'Palm Jumeirah', 'Business Bay', 'Downtown Dubai', 'JVC'] },
];

export const DEMO_LISTINGS_PER_CITY = 16;

/** Asking price per m² by city and type, in the listing's currency: plausible, not market data. */
const PRICE_PER_SQM: Record<string, Record<ListingType, number>> = {
  Riyadh: { apartment: 5_800, villa: 4_600, land: 2_700, shop: 9_000, office: 7_200 },
  Jeddah: { apartment: 5_200, villa: 4_300, land: 2_900, shop: 8_200, office: 6_500 },
  Dammam: { apartment: 4_100, villa: 3_500, land: 1_900, shop: 6_400, office: 5_100 },
  Dubai: { apartment: 19_000, villa: 16_500, land: 9_000, shop: 24_000, office: 17_000 },
};

const AREA: Record<ListingType, [number, number]> = {
  apartment: [70, 220],
  villa: [250, 650],
  land: [400, 1_500],
  shop: [40, 180],
  office: [60, 400],
};

const TYPES: ListingType[] = ['apartment', 'apartment', 'villa', 'apartment', 'villa', 'land', 'office', 'shop'];
const TYPE_EN: Record<ListingType, string> = {
  apartment: 'Apartment',
  villa: 'Villa',
  land: 'Land plot',
  shop: 'Shop',
  office: 'Office',
};
const TYPE_AR: Record<ListingType, string> = {
  apartment: 'شقة',
  villa: 'فيلا',
  land: 'أرض',
  shop: 'محل تجاري',
  office: 'مكتب',
};
const FEATURES: [string, string][] = [
  ['bright and newly finished', 'مشرقة وحديثة التشطيب'],
  ['close to schools and a park', 'قريبة من المدارس والحديقة'],
  ['with covered parking', 'مع موقف مغطى'],
  ['on a quiet street', 'في شارع هادئ'],
];

/** A deterministic generator: the same catalogue on every machine. */
function sequence(seed: number): () => number {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

/**
 * The demo catalogue's listings for the resolved places of one city: published, both
 * languages, dated over the last 60 days before `now`. AED prices in Dubai, SAR elsewhere.
 */
export type DemoListing = ListingWrite & { property_type: ListingType };

export function demoListings(city: string, places: ResolvedPlace[], now: Date, seed: number): DemoListing[] {
  const random = sequence(seed);
  return Array.from({ length: DEMO_LISTINGS_PER_CITY }, (_, i) => {
    const place = places[i % places.length];
    const type = TYPES[i % TYPES.length];
    const [minArea, maxArea] = AREA[type];
    const area = Math.round(minArea + random() * (maxArea - minArea));
    const currency = place.country_code === 'AE' ? 'AED' : 'SAR';
    const price = Math.round((PRICE_PER_SQM[city][type] * area * (0.85 + random() * 0.3)) / 1000) * 1000;
    const homes = type === 'apartment' || type === 'villa';
    const bedrooms = homes ? Math.max(1, Math.round(area / (type === 'villa' ? 90 : 55))) : null;
    const bathrooms = bedrooms === null ? null : Math.max(1, bedrooms - 1);
    const [featureEn, featureAr] = FEATURES[i % FEATURES.length];
    const priceSar = priceInSar(price, currency);
    const bullets = listingBullets({
      property_type: type,
      bedrooms,
      bathrooms,
      area_sqm: area,
      price,
      currency,
      price_sar: priceSar,
      city_en: place.city_en,
      city_ar: place.city_ar,
      district_en: place.district_en,
      district_ar: place.district_ar,
    });
    return {
      status: 'published',
      property_type: type,
      title_en: `${TYPE_EN[type]} in ${place.district_en}, ${featureEn}`,
      title_ar: `${TYPE_AR[type]} في ${place.district_ar}، ${featureAr}`,
      description_en: `${TYPE_EN[type]} of ${area} m² in ${place.district_en}, ${place.city_en}. A demo listing.`,
      description_ar: `${TYPE_AR[type]} بمساحة ${area} م² في ${place.district_ar}، ${place.city_ar}. إعلان تجريبي.`,
      price: String(price),
      currency,
      price_sar: String(priceSar),
      country_code: place.country_code,
      city_id: String(place.city_id),
      district_id: String(place.district_id),
      city_en: place.city_en,
      city_ar: place.city_ar,
      district_en: place.district_en,
      district_ar: place.district_ar,
      time_zone: place.time_zone,
      area_sqm: String(area),
      bedrooms,
      bathrooms,
      ai_bullets_en: bullets.en,
      ai_bullets_ar: bullets.ar,
      listed_at: new Date(now.getTime() - Math.floor(random() * 60 * 86_400_000)),
    };
  });
}
