import { expect, type Locator, type Page } from '@playwright/test';

/** The popup page (popup.html opened in a tab, 400 px wide). */
export class PopupPage {
  constructor(
    readonly page: Page,
    readonly extensionId: string,
  ) {}

  get url(): string {
    return `chrome-extension://${this.extensionId}/popup.html`;
  }

  async open(): Promise<void> {
    await this.page.goto(this.url);
  }

  async reopen(): Promise<void> {
    await this.page.goto(this.url);
  }

  get serviceUrlField(): Locator {
    return this.page.getByLabel('Service URL');
  }

  async signIn(serviceUrl: string, email: string, password: string): Promise<void> {
    await this.serviceUrlField.fill(serviceUrl);
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }

  get signInError(): Locator {
    return this.page.getByTestId('sign-in-error');
  }

  get balanceValue(): Locator {
    return this.page.getByTestId('balance-value');
  }

  get spacePicker(): Locator {
    return this.page.getByLabel('Space', { exact: true });
  }

  get rows(): Locator {
    return this.page.getByTestId('recording');
  }

  row(id: number): Locator {
    return this.page.locator(`[data-testid="recording"][data-id="${id}"]`);
  }

  chip(id: number): Locator {
    return this.row(id).getByTestId('status-chip');
  }

  async search(text: string, regex = false): Promise<void> {
    const box = this.page.getByRole('checkbox', { name: 'Regular expression' });
    if ((await box.isChecked()) !== regex) await box.click();
    await this.page.getByRole('searchbox', { name: 'Search recordings' }).fill(text);
  }

  async openRecording(title: string): Promise<void> {
    await this.page.getByRole('button', { name: title, exact: true }).click();
    await expect(this.page.getByTestId('recording-detail')).toBeVisible();
  }

  get jobs(): Locator {
    return this.page.getByTestId('job');
  }
}
