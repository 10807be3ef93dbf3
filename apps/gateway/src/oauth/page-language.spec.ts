import { pageLanguageOf } from './page-language';

describe('pageLanguageOf', () => {
  it('should follow the switch over the header', () => expect(pageLanguageOf('ar', 'en-US')).toBe('ar'));
  it('should pick Arabic when the browser prefers it', () =>
    expect(pageLanguageOf(undefined, 'ar-SA,ar;q=0.9,en;q=0.8')).toBe('ar'));
  it('should rank by q', () => expect(pageLanguageOf(undefined, 'en;q=0.5, ar;q=0.9')).toBe('ar'));
  it('should fall back to English', () => expect(pageLanguageOf('fr', 'fr-FR,de')).toBe('en'));
});
