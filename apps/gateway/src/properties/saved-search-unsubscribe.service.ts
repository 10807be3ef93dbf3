import { Injectable } from '@nestjs/common';
import { AppError } from '@app/errors';
import { IdentityDirectory } from '../identity/directory/identity-directory';
import { pageLanguageOf } from '../oauth/page-language';
import type { PageLanguage } from '../oauth/page-language';
import { goneSearchPage, refusedLinkPage, unsubscribedPage } from './saved-search-unsubscribe-page';
import { SavedSearchesService } from './saved-searches.service';

export interface UnsubscribeAnswer {
  status: 200 | 403 | 404;
  html: string;
}

/**
 * The unsubscribe link's page: the action (SavedSearchesService checks the signature), then what
 * a person sees, in the search owner's language; a refused link (403) or a deleted search (404)
 * in the browser's, since the owner is not known then.
 */
@Injectable()
export class SavedSearchUnsubscribeService {
  constructor(
    private readonly searches: SavedSearchesService,
    private readonly identity: IdentityDirectory,
  ) {}

  async answer(id: string, token: unknown, acceptLanguage: string | undefined): Promise<UnsubscribeAnswer> {
    const visitorLanguage = pageLanguageOf(undefined, acceptLanguage);
    try {
      const done = await this.searches.unsubscribe(id, token);
      return {
        status: 200,
        html: unsubscribedPage(await this.languageOf(done.account_id, visitorLanguage), done.name),
      };
    } catch (err) {
      if (err instanceof AppError && err.error === 'forbidden')
        return { status: 403, html: refusedLinkPage(visitorLanguage) };
      if (err instanceof AppError && err.error === 'not_found')
        return { status: 404, html: goneSearchPage(visitorLanguage) };
      throw err;
    }
  }

  /** The owner's language; the browser's when the account is gone. */
  private async languageOf(accountId: string, fallback: PageLanguage): Promise<PageLanguage> {
    const found = await this.identity.accountWithWorkspace(accountId);
    if (!found) return fallback;
    return found.account.language === 'ar' ? 'ar' : 'en';
  }
}
