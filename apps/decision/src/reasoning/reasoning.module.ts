import { Logger, Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { aiEndpointOptions } from '@app/config';
import { REASONING_PROVIDER } from './reasoning.provider';
import type { ReasoningProvider } from './reasoning.provider';
import { reasoningConfig, resolveAiProvider } from './reasoning.env';
import type { ReasoningEnv } from './reasoning.env';
import { TemplateReasoningProvider } from './template-reasoning.provider';

/**
 * The provider the configuration chooses; the env is validated, so openai has its URL and model.
 * The OpenAI SDK is loaded only when chosen: the default template provider does without it.
 */
export async function createReasoningProvider(env: ReasoningEnv): Promise<ReasoningProvider> {
  if (resolveAiProvider(env) === 'template') return new TemplateReasoningProvider();
  const { OpenAiReasoningProvider } = await import('./openai-reasoning.provider');
  return new OpenAiReasoningProvider(aiEndpointOptions(env));
}

/** Decision reasoning: inject `@Inject(REASONING_PROVIDER) reasoning: ReasoningProvider`. */
@Module({
  imports: [ConfigModule.forFeature(reasoningConfig)],
  providers: [
    {
      provide: REASONING_PROVIDER,
      inject: [reasoningConfig.KEY],
      useFactory: async (env: ReasoningEnv): Promise<ReasoningProvider> => {
        const provider = await createReasoningProvider(env);
        const detail = provider.name === 'openai' ? ` (${env.AI_MODEL} at ${new URL(env.AI_BASE_URL!).host})` : '';
        new Logger('ReasoningModule').log(`Decision reasoning by ${provider.name}${detail}`);
        return provider;
      },
    },
  ],
  exports: [REASONING_PROVIDER],
})
export class ReasoningModule {}
