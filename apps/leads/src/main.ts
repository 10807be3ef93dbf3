import { exitOnStartupError, runService } from '@app/platform';
import { LeadsModule } from './leads.module';

runService('leads', LeadsModule).catch(exitOnStartupError);
