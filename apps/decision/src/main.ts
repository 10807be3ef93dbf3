import { exitOnStartupError, runService } from '@app/platform';
import { DecisionModule } from './decision.module';

runService('decision', DecisionModule).catch(exitOnStartupError);
