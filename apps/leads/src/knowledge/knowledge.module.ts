import { Logger, Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { aiEndpointOptions } from '@app/config';
import { leadsConfig, resolveKnowledgeAiProvider } from '../config/leads.env';
import type { LeadsEnv } from '../config/leads.env';
import { KNOWLEDGE_ANSWERER } from './knowledge-answerer';
import { KNOWLEDGE_MODEL, KnowledgeAnswererService } from './knowledge-answerer.service';
import { KnowledgeModel } from './knowledge-model';
import { KnowledgeRetriever } from './knowledge-retriever';
import { KnowledgeController } from './knowledge.controller';
import { KnowledgeRepository } from './knowledge.repository';
import { KnowledgeService } from './knowledge.service';
import { ProjectFactsClient } from './project-facts.client';

/** The model the configuration chooses, or null for offline (extractive) answers. */
export function createKnowledgeModel(env: LeadsEnv): KnowledgeModel | null {
  if (resolveKnowledgeAiProvider(env) === 'template') return null;
  return new KnowledgeModel(aiEndpointOptions(env));
}

/**
 * The knowledge base of developer projects and the widget assistant's answers from it.
 * Inject `@Inject(KNOWLEDGE_ANSWERER) answerer: KnowledgeAnswerer`.
 */
@Module({
  imports: [ConfigModule.forFeature(leadsConfig)],
  controllers: [KnowledgeController],
  providers: [
    KnowledgeRepository,
    KnowledgeRetriever,
    KnowledgeService,
    ProjectFactsClient,
    {
      provide: KNOWLEDGE_MODEL,
      inject: [leadsConfig.KEY],
      useFactory: (env: LeadsEnv): KnowledgeModel | null => {
        const model = createKnowledgeModel(env);
        new Logger('KnowledgeModule').log(
          `Knowledge answers ${model ? `by ${model.description}` : 'offline (extractive)'}`,
        );
        return model;
      },
    },
    KnowledgeAnswererService,
    { provide: KNOWLEDGE_ANSWERER, useExisting: KnowledgeAnswererService },
  ],
  exports: [KNOWLEDGE_ANSWERER],
})
export class KnowledgeModule {}
