import { Inject } from '@nestjs/common';
import { ConfigModule, registerAs } from '@nestjs/config';
import type { ConfigType } from '@nestjs/config';
import type { ClassConstructor } from 'class-transformer';
import { loadEnv } from './load-env';

/**
 * A namespaced, validated configuration for one app. `ConfigModule.forFeature(config)`
 * registers it; `@InjectConfig(config)` injects the typed, validated object.
 */
export function defineAppConfig<T extends object>(namespace: string, cls: ClassConstructor<T>) {
  return registerAs(namespace, (): T => loadEnv(cls));
}

export type AppConfig<F extends (...args: never[]) => unknown> = ConfigType<F>;

export const InjectConfig = (config: { KEY: string | symbol }) => Inject(config.KEY);

/** The root registration every runner imports once; the environment is the only source. */
export const RootConfigModule = ConfigModule.forRoot({ isGlobal: true, ignoreEnvFile: true, cache: true });
