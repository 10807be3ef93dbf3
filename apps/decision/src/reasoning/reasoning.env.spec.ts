import { ConfigurationError, loadEnv } from '@app/config';
import { OpenAiReasoningProvider } from './openai-reasoning.provider';
import { createReasoningProvider } from './reasoning.module';
import { ReasoningEnv, resolveAiProvider } from './reasoning.env';
import { TemplateReasoningProvider } from './template-reasoning.provider';

describe('ReasoningEnv', () => {
  it('should use the template with the documented defaults when no AI is configured', async () => {
    const env = loadEnv(ReasoningEnv, {});

    expect(resolveAiProvider(env)).toBe('template');
    expect(env).toMatchObject({ AI_TIMEOUT_MS: 15_000, AI_MAX_RETRIES: 1 });
    await expect(createReasoningProvider(env)).resolves.toBeInstanceOf(TemplateReasoningProvider);
  });

  it('should use openai when AI_BASE_URL is set and AI_PROVIDER is not', async () => {
    const env = loadEnv(ReasoningEnv, {
      AI_BASE_URL: 'http://127.0.0.1:11434/v1',
      AI_MODEL: 'qwen2.5:7b',
      AI_TIMEOUT_MS: '8000',
      AI_MAX_RETRIES: '0',
    });

    expect(resolveAiProvider(env)).toBe('openai');
    expect(env).toMatchObject({ AI_TIMEOUT_MS: 8000, AI_MAX_RETRIES: 0 });
    await expect(createReasoningProvider(env)).resolves.toBeInstanceOf(OpenAiReasoningProvider);
  });

  it('should keep the template when AI_PROVIDER=template even though AI_BASE_URL is set', async () => {
    const env = loadEnv(ReasoningEnv, { AI_PROVIDER: 'template', AI_BASE_URL: 'https://api.openai.com/v1' });

    await expect(createReasoningProvider(env)).resolves.toBeInstanceOf(TemplateReasoningProvider);
  });

  it('should refuse to start when AI_PROVIDER=openai has no base URL or no model', () => {
    expect(() => loadEnv(ReasoningEnv, { AI_PROVIDER: 'openai', AI_MODEL: 'gpt-4o-mini' })).toThrow(/AI_BASE_URL/);
    expect(() => loadEnv(ReasoningEnv, { AI_BASE_URL: 'https://api.openai.com/v1' })).toThrow(/AI_MODEL/);
    expect(() => loadEnv(ReasoningEnv, { AI_PROVIDER: 'openai' })).toThrow(ConfigurationError);
  });

  it.each([
    ['AI_PROVIDER', 'anthropic'],
    ['AI_BASE_URL', 'api.openai.com/v1'],
    ['AI_TIMEOUT_MS', '15s'],
    ['AI_MAX_RETRIES', '-1'],
  ])('should refuse to start when %s is "%s"', (name, value) => {
    expect(() => loadEnv(ReasoningEnv, { AI_MODEL: 'm', [name]: value })).toThrow(new RegExp(name));
  });
});
