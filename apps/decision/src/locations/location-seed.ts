import type { GazetteerAlias } from './location-index';

/**
 * The repository's own small gazetteer, written by hand: the major Saudi cities and Dubai
 * with their best-known districts and the spellings people type. Saudi ids are the Saudi
 * National Address ids, so a later `npm run import:locations` updates these rows in place.
 * Dubai districts are 1_000_000_000 + the Dubai Municipality community number.
 */
export const DUBAI_CITY_ID = 2_000_000_001;
export const DUBAI_DISTRICT_BASE = 1_000_000_000;

export interface SeedCountry {
  code: 'SA' | 'AE';
  name_ar: string;
  name_en: string;
}

export interface SeedCity {
  id: number;
  country: 'SA' | 'AE';
  region: string;
  name_ar: string;
  name_en: string;
  aliases?: string[];
  districts: [id: number, nameAr: string, nameEn: string, aliases?: string[]][];
}

export const SEED_COUNTRIES: SeedCountry[] = [
  { code: 'SA', name_ar: 'المملكة العربية السعودية', name_en: 'Saudi Arabia' },
  { code: 'AE', name_ar: 'الإمارات العربية المتحدة', name_en: 'United Arab Emirates' },
];

export const SEED_CITIES: SeedCity[] = [
  {
    id: 3,
    country: 'SA',
    region: 'Riyadh',
    name_ar: 'الرياض',
    name_en: 'Riyadh',
    aliases: ['Ar Riyadh', 'Riad'],
    districts: [
      [10100003075, 'حي العليا', 'Al Olaya', ['Ulaya', 'Olaya']],
      [10100003145, 'حي الملقا', 'Al Malqa'],
      [10100003144, 'حي حطين', 'Hittin', ['Hiteen', 'Hattin']],
      [10100003147, 'حي الياسمين', 'Al Yasmin', ['Yasmeen']],
      [10100003108, 'حي النخيل', 'An Nakhil', ['Nakheel']],
      [10100003026, 'حي الورود', 'Al Wurud', ['Woroud']],
      [10100003063, 'حي السليمانية', 'As Sulimaniyah'],
      [10100003051, 'حي الملز', 'Al Malaz'],
      [10100003123, 'حي الصحافة', 'As Sahafa'],
      [10100003150, 'حي النرجس', 'An Narjis'],
      [10100003047, 'حي الربوة', 'Ar Rabwa'],
      [10100003099, 'حي السفارات', 'Diplomatic Quarter', ['As Safarat', 'DQ']],
    ],
  },
  {
    id: 18,
    country: 'SA',
    region: 'Makkah',
    name_ar: 'جدة',
    name_en: 'Jeddah',
    aliases: ['Jiddah', 'Jedda', 'Juddah'],
    districts: [
      [10200018064, 'حي الروضة', 'Ar Rawdah', ['Al Rawdah']],
      [10200018163, 'حي العليا', 'Al Olaya', ['Ulaya']],
      [10200018112, 'حي الحمراء', 'Al Hamra'],
      [10200018109, 'حي الشاطئ', 'Ash Shati', ['Corniche']],
      [10200018083, 'حي الصفا', 'As Safa'],
      [10200018023, 'حي البلد', 'Al Balad', ['Historic Jeddah']],
      [10200018111, 'حي الزهراء', 'Az Zahra'],
      [10200018035, 'حي السلامة', 'As Salama'],
      [10200018079, 'حي النعيم', 'An Naim'],
      [10200018106, 'حي المرجان', 'Al Murjan'],
      [10200018029, 'حي الخالدية', 'Al Khalidiya'],
    ],
  },
  {
    id: 6,
    country: 'SA',
    region: 'Makkah',
    name_ar: 'مكة المكرمة',
    name_en: 'Makkah',
    aliases: ['Mecca', 'Makka', 'Makkah Al Mukarramah', 'مكة'],
    districts: [
      [10200006022, 'حي العزيزية', 'Al Aziziyah'],
      [10200006034, 'حي الشوقية', 'Ash Shawqiyah'],
      [10200006024, 'حي النسيم', 'An Naseem'],
      [10200006048, 'حي الزاهر', 'Az Zahir'],
      [10200006038, 'حي العوالي', 'Al Awali'],
      [10200006009, 'حي الرصيفة', 'Ar Rusayfah'],
    ],
  },
  {
    id: 14,
    country: 'SA',
    region: 'Madinah',
    name_ar: 'المدينة المنورة',
    name_en: 'Madinah',
    aliases: ['Medina', 'Al Madinah Al Munawwarah', 'المدينة'],
    districts: [
      [10300014020, 'حي العزيزية', 'Al Aziziyah'],
      [10300014062, 'حي العيون', 'Al Uyun'],
      [10300014057, 'حي طيبة', 'Taibah'],
      [10300014053, 'حي الجامعة', 'Al Jamiah', ['University']],
      [10300014076, 'حي الفتح', 'Al Fath'],
      [10300014124, 'حي الحرم الشريف', 'Al Haram', ['Central Area']],
    ],
  },
  {
    id: 13,
    country: 'SA',
    region: 'Eastern Province',
    name_ar: 'الدمام',
    name_en: 'Dammam',
    aliases: ['Ad Dammam'],
    districts: [
      [10500013052, 'حي الفيصلية', 'Al Faisaliyah'],
      [10500013026, 'حي الروضة', 'Ar Rawdah'],
      [10500013035, 'حي المزروعية', 'Al Mazruiyah'],
      [10500013006, 'حي الجلوية', 'Al Jalawiyah'],
      [10500013015, 'حي النور', 'An Nur'],
      [10500013048, 'حي الفيحاء', 'Al Fayha'],
      [10500013020, 'حي ضاحية الملك فهد', 'King Fahd Suburb'],
    ],
  },
  {
    id: 31,
    country: 'SA',
    region: 'Eastern Province',
    name_ar: 'الخبر',
    name_en: 'Al Khobar',
    aliases: ['Khobar', 'Al Khubar'],
    districts: [
      [10500031021, 'حي العليا', 'Al Olaya', ['Ulaya']],
      [10500031007, 'حي الخبر الشمالية', 'North Khobar', ['Al Khubar Ash Shamaliyah']],
      [10500031020, 'حي الثقبة', 'Ath Thuqbah', ['Thuqba']],
      [10500031012, 'حي اليرموك', 'Al Yarmouk'],
      [10500031015, 'حي الحزام الذهبي', 'Golden Belt'],
      [10500031028, 'حي الكورنيش', 'Corniche'],
    ],
  },
  {
    id: DUBAI_CITY_ID,
    country: 'AE',
    region: 'Dubai',
    name_ar: 'دبي',
    name_en: 'Dubai',
    aliases: ['Dubayy'],
    districts: [
      [DUBAI_DISTRICT_BASE + 392, 'مرسى دبي', 'Marsa Dubai', ['Dubai Marina', 'Marina', 'دبي مارينا']],
      [DUBAI_DISTRICT_BASE + 381, 'نخلة جميرا', 'Nakhlat Jumeira', ['Palm Jumeirah', 'The Palm', 'نخلة جميرا']],
      [DUBAI_DISTRICT_BASE + 345, 'برج خليفة', 'Burj Khalifa', ['Downtown Dubai', 'Downtown', 'داون تاون دبي']],
      [DUBAI_DISTRICT_BASE + 346, 'الخليج التجاري', 'Business Bay'],
      [DUBAI_DISTRICT_BASE + 681, 'البرشاء جنوب الرابعة', 'Al Barsha South Fourth', ['JVC', 'Jumeirah Village Circle']],
      [DUBAI_DISTRICT_BASE + 393, 'الثنيه الخامسة', 'Al Thanyah Fifth', ['JLT', 'Jumeirah Lake Towers']],
      [DUBAI_DISTRICT_BASE + 373, 'البرشاء الأولى', 'Al Barsha First', ['Al Barsha']],
      [DUBAI_DISTRICT_BASE + 332, 'جميرا الأولى', 'Jumeira First', ['Jumeirah']],
      [DUBAI_DISTRICT_BASE + 318, 'الكرامة', 'Al Karama'],
      [DUBAI_DISTRICT_BASE + 251, 'مردف', 'Mirdif'],
    ],
  },
];

/**
 * Every seed alias as alias rows. A district's English seed name is one too: the imported files
 * spell many otherwise ("Diplomatic Quarter" is "Assafarat Dist.", "Hittin" is "Hiteen Dist."),
 * and people type the seed's spelling.
 */
export function seedAliases(): GazetteerAlias[] {
  return SEED_CITIES.flatMap((city) => [
    ...(city.aliases ?? []).map((alias) => ({ place: 'city' as const, place_id: city.id, alias })),
    ...city.districts.flatMap(([id, , nameEn, aliases]) =>
      [nameEn, ...(aliases ?? [])].map((alias) => ({ place: 'district' as const, place_id: id, alias })),
    ),
  ]);
}
