import { IsOptional, Matches } from '@app/validation';
import { BaseEnv, defineAppConfig } from '@app/config';

export class CatalogueEnv extends BaseEnv {
  /** Where clients reach the gateway; image URLs are built on it (`<PUBLIC_URL>/v1/images/<key>`). */
  @IsOptional()
  @Matches(/^https?:\/\/[^\s/]+(\/[^\s]*)?$/, { message: 'must be an http(s) URL' })
  PUBLIC_URL?: string;
}

export const catalogueConfig = defineAppConfig('catalogue', CatalogueEnv);
