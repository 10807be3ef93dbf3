import { Injectable } from '@nestjs/common';
import { InjectConfig } from '@app/config';
import type { AppConfig } from '@app/config';
import { catalogueConfig } from '../config/catalogue.env';

/**
 * Storage keys → absolute URLs: the gateway's image route (`<PUBLIC_URL>/v1/images/<key>`), or
 * the store's own public address when S3_PUBLIC_URL says it serves the objects itself.
 */
@Injectable()
export class ImageUrls {
  private readonly base: string;

  constructor(@InjectConfig(catalogueConfig) config: AppConfig<typeof catalogueConfig>) {
    this.base = config.S3_PUBLIC_URL
      ? trimSlashes(config.S3_PUBLIC_URL)
      : `${trimSlashes(config.PUBLIC_URL ?? 'http://localhost:3000')}/v1/images`;
  }

  imageUrl(key: string): string {
    return `${this.base}/${key.split('/').map(encodeURIComponent).join('/')}`;
  }
}

function trimSlashes(url: string): string {
  return url.replace(/\/+$/, '');
}
