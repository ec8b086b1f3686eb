// Build flags read by the code (wxt.config.ts documents them; WXT exposes WXT_-prefixed variables).
interface ImportMetaEnv {
  /** '1' in test and development builds: loopback services are granted up front. */
  readonly WXT_TEST_BUILD?: string;
}
