import { IsOptional, Matches } from '@app/validation';
import { BaseEnv, defineAppConfig } from '@app/config';

const HTTP_URL = /^https?:\/\/[^\s/]+(\/[^\s]*)?$/;

export class CatalogueEnv extends BaseEnv {
  /** Where clients reach the gateway; image URLs are built on it (`<PUBLIC_URL>/v1/images/<key>`). */
  @IsOptional()
  @Matches(HTTP_URL, { message: 'must be an http(s) URL' })
  PUBLIC_URL?: string;

  /**
   * Where the image store serves its objects to anyone (a CDN or a public bucket); image URLs
   * are then `<S3_PUBLIC_URL>/<key>` instead of the gateway's. The same value as the gateway's.
   */
  @IsOptional()
  @Matches(HTTP_URL, { message: 'must be an http(s) URL' })
  S3_PUBLIC_URL?: string;
}

export const catalogueConfig = defineAppConfig('catalogue', CatalogueEnv);
