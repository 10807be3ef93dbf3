import { exitOnStartupError, runService } from '@app/platform';
import { CatalogueModule } from './catalogue.module';

runService('catalogue', CatalogueModule).catch(exitOnStartupError);
