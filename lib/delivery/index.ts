export * from './deliveries';
export * from './destination-url';
export * from './format';
export * from './retry';
export * from './service';
export * from './slack';
export type * from './types';
