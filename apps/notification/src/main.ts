import { exitOnStartupError, runService } from '@app/platform';
import { NotificationModule } from './notification.module';

runService('notification', NotificationModule).catch(exitOnStartupError);
