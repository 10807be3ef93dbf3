import { exitOnStartupError, runService } from '@app/platform';
import { BillingModule } from './billing.module';

runService('billing', BillingModule).catch(exitOnStartupError);
