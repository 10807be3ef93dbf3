import { defaultWorkspaceName } from './accounts.service';

describe('defaultWorkspaceName', () => {
  it('should name the workspace in Arabic when the name is written in Arabic', () => {
    expect(defaultWorkspaceName('ليلى القحطاني', 'en')).toBe('مساحة عمل ليلى القحطاني');
  });

  it('should name the workspace in Arabic when the account prefers Arabic', () => {
    expect(defaultWorkspaceName('Layla Al-Qahtani', 'ar')).toBe('مساحة عمل Layla Al-Qahtani');
  });

  it('should use the English form when the name is Latin and the language English or unset', () => {
    expect(defaultWorkspaceName('Sara Al-Otaibi', undefined)).toBe("Sara Al-Otaibi's workspace");
    expect(defaultWorkspaceName('Sara Al-Otaibi', 'en')).toBe("Sara Al-Otaibi's workspace");
  });
});
