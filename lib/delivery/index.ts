export * from './deliveries';
export * from './destination-url';
export * from './destinations';
export * from './format';
export * from './kinds';
export * from './markdown';
export * from './retry';
export * from './service';
export type * from './types';
