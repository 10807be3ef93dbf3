// Tracing first, before anything loads pg.
import './tracing';
import { exitOnStartupError, runService } from '@app/platform';
import { NotificationModule } from './notification.module';

runService('notification', NotificationModule).catch(exitOnStartupError);
