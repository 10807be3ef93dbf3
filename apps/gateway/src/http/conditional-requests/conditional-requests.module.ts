import { Global, Module } from '@nestjs/common';
import { GazetteerVersion } from './gazetteer-version';

/**
 * One GazetteerVersion per gateway process, for every module that mounts or provides the
 * locations route (the REST module, and the MCP tools that call its handler).
 */
@Global()
@Module({
  providers: [GazetteerVersion],
  exports: [GazetteerVersion],
})
export class ConditionalRequestsModule {}
