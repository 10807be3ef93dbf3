import { IsBoolean, IsString } from 'class-validator';
import { ToBoolean } from '@app/config';
import { GatewayEnv } from '../../gateway/src/config/gateway.env';

/** Standalone reads the gateway's variables plus where to keep its embedded database. */
export class StandaloneEnv extends GatewayEnv {
  /** Embedded PostgreSQL's files and the demo credentials. Ignored for the database when DATABASE_URL is set. */
  @IsString()
  DATA_DIR = './.data';

  /** Load demo accounts, listings and transactions once. Reference data (gazetteer) loads regardless. */
  @IsBoolean()
  @ToBoolean()
  DEMO_SEED = true;
}
