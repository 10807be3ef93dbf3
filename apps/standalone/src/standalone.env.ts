import { IsBoolean } from 'class-validator';
import { ToBoolean } from '@app/config';
import { GatewayEnv } from '../../gateway/src/config/gateway.env';

/**
 * Standalone reads the gateway's variables (DATA_DIR among them: the embedded database, demo
 * credentials and images live there) plus whether to seed the demo.
 */
export class StandaloneEnv extends GatewayEnv {
  /** Load demo accounts, listings and transactions once. Reference data (gazetteer) loads regardless. */
  @IsBoolean()
  @ToBoolean()
  DEMO_SEED = true;
}
