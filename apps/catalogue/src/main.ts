// Tracing first, before anything loads pg.
import './tracing';
import { exitOnStartupError, runService } from '@app/platform';
import { CatalogueModule } from './catalogue.module';

runService('catalogue', CatalogueModule).catch(exitOnStartupError);
