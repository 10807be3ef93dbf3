// Tracing first, before anything loads pg.
import './tracing';
import { exitOnStartupError, runService } from '@app/platform';
import { DecisionModule } from './decision.module';

runService('decision', DecisionModule).catch(exitOnStartupError);
