import { Module } from '@nestjs/common';
import { WidgetPageConfigSource } from './widget-page-config';
import { WidgetPageController } from './widget-page.controller';

/** The embeddable chat widget's pages and browser files (docs/widget-embedding.md). */
@Module({
  controllers: [WidgetPageController],
  providers: [WidgetPageConfigSource],
})
export class WidgetPageModule {}
