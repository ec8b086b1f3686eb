import type { Locator, Page } from '@playwright/test';

/** The recording viewer (viewer.html?space=&audio=). */
export class ViewerPage {
  constructor(
    readonly page: Page,
    readonly extensionId: string,
  ) {}

  url(spaceId: number, audioId: number, tab?: string): string {
    const params = new URLSearchParams({ space: String(spaceId), audio: String(audioId) });
    if (tab) params.set('tab', tab);
    return `chrome-extension://${this.extensionId}/viewer.html?${params}`;
  }

  async open(spaceId: number, audioId: number, tab?: string): Promise<void> {
    await this.page.goto(this.url(spaceId, audioId, tab));
  }

  tab(name: 'Protocol' | 'Transcript' | 'Speakers'): Locator {
    return this.page.getByRole('tab', { name: new RegExp(`^${name}`) });
  }

  get protocol(): Locator {
    return this.page.getByTestId('protocol');
  }

  get utterances(): Locator {
    return this.page.getByTestId('utterance');
  }

  get searchBox(): Locator {
    return this.page.getByRole('searchbox', { name: 'Search the transcript' });
  }

  get matchCount(): Locator {
    return this.page.getByTestId('match-count');
  }

  exportButton(format: 'Markdown' | 'Text' | 'SRT' | 'WebVTT'): Locator {
    return this.page.getByRole('button', { name: `Export as ${format}` });
  }
}
