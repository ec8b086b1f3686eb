import type { Locator, Page } from '@playwright/test';

/** The options page. */
export class OptionsPage {
  constructor(
    readonly page: Page,
    readonly extensionId: string,
  ) {}

  async open(): Promise<void> {
    await this.page.goto(`chrome-extension://${this.extensionId}/options.html`);
  }

  get language(): Locator {
    return this.page.getByRole('combobox', { name: /^(Language|Язык)$/ });
  }

  get siteField(): Locator {
    return this.page.getByLabel(/^Site \(host name/);
  }
}
