import path from 'node:path';
import { Logger } from '@nestjs/common';
import type { Provider } from '@nestjs/common';
import { ConfigurationError } from '@app/config';
import { RUNTIME_OPTIONS } from '@app/messaging';
import type { RuntimeOptions } from '@app/messaging';
import { gatewayConfig } from '../../config/gateway.env';
import type { GatewayEnv } from '../../config/gateway.env';
import { IMAGE_STORE } from './image-store';
import type { ImageStore } from './image-store';
import { LocalImageStore } from './local-image-store';

/** S3 when S3_BUCKET is set, else the gateway's disk; the AWS SDK is loaded only for S3. */
export async function createImageStore(config: GatewayEnv, runtime: Pick<RuntimeOptions, 'mode'>): Promise<ImageStore> {
  const logger = new Logger('ImageStore');
  if (!config.S3_BUCKET) {
    const store = new LocalImageStore(path.join(config.DATA_DIR, 'images'));
    if (runtime.mode === 'distributed')
      logger.warn(
        `Listing images are kept on this gateway's disk (${store.description}): set S3_* before running replicas`,
      );
    return store;
  }
  if (!config.S3_ACCESS_KEY_ID !== !config.S3_SECRET_ACCESS_KEY)
    throw new ConfigurationError(['S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither']);
  const { S3ImageStore } = await import('./s3-image-store');
  const store = new S3ImageStore({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
  });
  logger.log(`Listing images are stored in the ${store.description}`);
  return store;
}

export const imageStoreProvider: Provider = {
  provide: IMAGE_STORE,
  inject: [gatewayConfig.KEY, RUNTIME_OPTIONS],
  useFactory: createImageStore,
};
