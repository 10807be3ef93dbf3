import { Inject } from '@nestjs/common';

/** Every channel the worker may send through, provided as one array. */
export const CHANNELS = Symbol('CHANNELS');

export const InjectChannels = () => Inject(CHANNELS);
