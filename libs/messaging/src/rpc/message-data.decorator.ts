import { Payload } from '@nestjs/microservices';
import { contractValidationPipe } from '@app/errors';

/**
 * The `data` of a message envelope, validated against its contract class: a payload
 * that did not come through the gateway is held to the contract too.
 */
export const MessageData = (): ParameterDecorator => Payload('data', contractValidationPipe());
