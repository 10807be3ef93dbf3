// Tracing first, before anything loads pg.
import './tracing';
import { exitOnStartupError, runService } from '@app/platform';
import { LeadsModule } from './leads.module';

runService('leads', LeadsModule).catch(exitOnStartupError);
