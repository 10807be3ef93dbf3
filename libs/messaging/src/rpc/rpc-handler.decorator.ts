import { MessagePattern } from '@nestjs/microservices';
import type { RpcDescriptor } from '@app/contracts';

/**
 * `@MessagePattern(descriptor.pattern)`, with the handler held to the descriptor's types: a method
 * whose request or response differs from the contract's fails the type-check.
 */
export function RpcHandler<TRequest, TResponse>(descriptor: RpcDescriptor<TRequest, TResponse>) {
  return <THandler extends (request: TRequest, ...rest: never[]) => TResponse | Promise<TResponse>>(
    target: object,
    key: string | symbol,
    handler: TypedPropertyDescriptor<THandler>,
  ): void => {
    MessagePattern(descriptor.pattern)(target, key, handler);
  };
}
