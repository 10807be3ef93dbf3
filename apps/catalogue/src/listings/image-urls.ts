import { Injectable } from '@nestjs/common';
import { InjectConfig } from '@app/config';
import type { AppConfig } from '@app/config';
import { catalogueConfig } from '../config/catalogue.env';

/** Storage keys → absolute URLs served by the gateway's image route. */
@Injectable()
export class ImageUrls {
  private readonly base: string;

  constructor(@InjectConfig(catalogueConfig) config: AppConfig<typeof catalogueConfig>) {
    this.base = (config.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
  }

  imageUrl(key: string): string {
    return `${this.base}/v1/images/${key.split('/').map(encodeURIComponent).join('/')}`;
  }
}
