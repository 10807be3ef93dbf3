// Tracing first, before anything loads pg.
import './tracing';
import { exitOnStartupError, runService } from '@app/platform';
import { BillingModule } from './billing.module';

runService('billing', BillingModule).catch(exitOnStartupError);
