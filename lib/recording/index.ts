export * from './balance';
export * from './microphone';
export * from './pieces';
export * from './protocol';
export * from './recovery';
export * from './state';
export * from './store';
export * from './title';
