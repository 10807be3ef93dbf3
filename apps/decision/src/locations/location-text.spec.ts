import { editDistance, normalizeArabicLetters, normalizeName, prefixEditDistance, skeletonKey } from './location-text';

describe('location text keys', () => {
  it('should unify alef forms, ta marbuta, alef maqsura and drop tashkeel and tatweel when normalising Arabic', () => {
    expect(normalizeArabicLetters('أإآ')).toBe('ااا');
    expect(normalizeArabicLetters('جدّة')).toBe('جده');
    expect(normalizeArabicLetters('الـنقـمى')).toBe('النقمي');
    expect(normalizeArabicLetters('١٢٣ ۴')).toBe('123 4');
  });

  it('should drop the district markers and the article in both scripts when building the key', () => {
    expect(normalizeName('حي العليا')).toBe('عليا');
    expect(normalizeName('حى العليا')).toBe('عليا');
    expect(normalizeName('العليا')).toBe(normalizeName('عليا'));
    expect(normalizeName('Al Olaya Dist.')).toBe('olaya');
    expect(normalizeName('Al-Olaya')).toBe('olaya');
    expect(normalizeName('el olaya')).toBe('olaya');
    expect(normalizeName('Ar Rawdah Dist.')).toBe(normalizeName('Al Rawdah'));
    expect(normalizeName('Assafarat Dist.')).toBe(normalizeName('As Safarat'));
    expect(normalizeName("Al 'Ulayya Dist.")).toBe('ulayya');
    expect(normalizeName('Al Huda  Dist.')).toBe('huda');
  });

  it('should give the same key to Arabic spellings with and without hamza or ta marbuta', () => {
    expect(normalizeName('حي الأندلس')).toBe(normalizeName('حي الاندلس'));
    expect(normalizeName('حي الروضه')).toBe(normalizeName('حي الروضة'));
    expect(normalizeName('مكة المكرمة')).toBe(normalizeName('مكه المكرمه'));
  });

  it('should give transliteration variants the same skeleton when only vowels or doubled letters differ', () => {
    const sk = (name: string) => skeletonKey(normalizeName(name));
    expect(sk('Jiddah')).toBe(sk('Jeddah'));
    expect(sk('Hittin')).toBe(sk('Hiteen Dist.'));
    expect(sk('Yasmin')).toBe(sk('Al Yasmeen'));
    expect(sk('Wurud')).toBe(sk('Al Woroud'));
    expect(sk('Mecca')).toBe(sk('Makkah'));
    expect(sk('Medina')).toBe(sk('Madinah'));
    expect(sk('Buraydah')).toBe(sk('Buraidah'));
    expect(sk('Onaizah')).toBe(sk('Unayzah'));
    expect(sk('Riyadh')).not.toBe(sk('Jeddah'));
  });

  it('should give Gulf spellings of qaf and the common English district spellings one skeleton', () => {
    const sk = (name: string) => skeletonKey(normalizeName(name));
    expect(sk('Malga')).toBe(sk('Al Malqa Dist.'));
    expect(sk('al gazaz')).toBe(sk('Al Qazaz Dist.'));
    expect(sk('Olaya')).toBe(sk("Al 'Ulayya Dist."));
    expect(sk('Sulaymaniyah')).toBe(sk('Al Sulaimaniyah Dist.'));
    expect(sk('Nakheel')).toBe(sk('Al Nakhil Dist.'));
    expect(sk('al faiha')).toBe(sk('Al Fayha Dist.'));
    expect(sk('Ghadir')).not.toBe(sk('Al Qadir'));
  });

  it('should keep the last letters of an unfinished word when the skeleton is open', () => {
    expect(skeletonKey('qiraw')).toBe('kr');
    expect(skeletonKey('qiraw', true)).toBe('krw');
    expect(skeletonKey(normalizeName('Al Qairawan Dist.')).startsWith(skeletonKey('qiraw', true))).toBe(true);
    expect(skeletonKey('sulay', true)).toBe('sly');
    expect(skeletonKey('الع', true)).toBe(skeletonKey('الع'));
  });

  it('should measure a typed prefix against the start of a name, the rest of the name free', () => {
    expect(prefixEditDistance('tubayshi', 'tubai')).toBe(1);
    expect(prefixEditDistance('taibah', 'tubai')).toBeGreaterThan(1);
    expect(prefixEditDistance('sulaimaniyah', 'sulay')).toBe(1);
    expect(prefixEditDistance('عليا', 'علي')).toBe(0);
  });

  it('should count a swapped, dropped or added letter as one edit', () => {
    expect(editDistance('jedah', 'jeddah', 2)).toBe(1);
    expect(editDistance('jedadh', 'jeddah', 2)).toBe(1);
    expect(editDistance('riyadh', 'riyadh', 1)).toBe(0);
    expect(editDistance('الرياض', 'الريضا', 2)).toBe(1);
    expect(editDistance('abc', 'xyz', 1)).toBe(2);
  });
});
