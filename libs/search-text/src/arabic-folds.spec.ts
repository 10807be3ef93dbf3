import { asciiDigits, foldArabic, foldHamzaSeats, foldLetterForms, stripDiacritics } from './arabic-folds';

describe('arabic folds', () => {
  it('folds alef forms, ta marbuta and alef maqsura', () => {
    expect(foldLetterForms('أإآٱ مدرسة مستشفى')).toBe('اااا مدرسه مستشفي');
  });

  it('folds hamza seats', () => {
    expect(foldHamzaSeats('مؤسسة شاطئ')).toBe('موسسة شاطي');
  });

  it('drops diacritics and tatweel', () => {
    expect(stripDiacritics('مَسْبَحٌ الـــمسبح')).toBe('مسبح المسبح');
  });

  it('writes Arabic-Indic digits as ASCII', () => {
    expect(asciiDigits('٢٠٢٧ و۱۲')).toBe('2027 و12');
  });

  it('folds a phrase people spell differently to one form', () => {
    expect(foldArabic('أريد موظفاً')).toBe(foldArabic('اريد موظفا'));
    expect(foldArabic('Pool مَسبح')).toBe('Pool مسبح');
  });
});
