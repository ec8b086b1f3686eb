// Build flags read by the code (wxt.config.ts documents them; WXT exposes WXT_-prefixed variables).
interface ImportMetaEnv {
  /** '1' in test and development builds: loopback services are granted up front. */
  readonly WXT_TEST_BUILD?: string;
}

/** The SQLite WebAssembly module itself (aliased in wxt.config.ts; the package's entry adds a worker of its own). */
declare module 'sqlite-wasm-module' {
  export { default } from '@sqlite.org/sqlite-wasm';
}
