import { Inject, Injectable } from '@nestjs/common';
import { InjectConfig, publicUrlOf } from '@app/config';
import type { AppConfig } from '@app/config';
import { RUNTIME_OPTIONS } from '@app/messaging';
import type { RuntimeOptions } from '@app/messaging';
import { catalogueConfig } from '../config/catalogue.env';

/**
 * Storage keys → absolute URLs: the gateway's image route (`<PUBLIC_URL>/v1/images/<key>`), or
 * the store's own public address when S3_PUBLIC_URL says it serves the objects itself.
 */
@Injectable()
export class ImageUrls {
  private readonly base: string;

  constructor(
    @InjectConfig(catalogueConfig) config: AppConfig<typeof catalogueConfig>,
    @Inject(RUNTIME_OPTIONS) runtime: Pick<RuntimeOptions, 'mode'>,
  ) {
    // Standalone: one process, PORT is the gateway's. Distributed: PORT is this service's own.
    const gatewayPort = runtime.mode === 'standalone' ? config.PORT : undefined;
    this.base = config.S3_PUBLIC_URL
      ? trimSlashes(config.S3_PUBLIC_URL)
      : `${publicUrlOf(config.PUBLIC_URL, gatewayPort)}/v1/images`;
  }

  imageUrl(key: string): string {
    return `${this.base}/${key.split('/').map(encodeURIComponent).join('/')}`;
  }
}

function trimSlashes(url: string): string {
  return url.replace(/\/+$/, '');
}
