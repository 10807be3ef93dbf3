export * from './openai-client';
