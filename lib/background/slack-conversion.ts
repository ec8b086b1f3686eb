/**
 * A protocol's Markdown as Slack mrkdwn (`markdownToSlack`, lib/delivery/slack.ts) for the
 * deliveries. Chrome's service worker does not carry marked: the offscreen document converts it
 * (lib/background/offscreen.ts, lib/delivery/slack-request.ts). Firefox's background is an event
 * page built apart: it converts in place.
 */
import { browser } from 'wxt/browser';
import { isSlackAnswer, SLACK_CHANNEL, type SlackRequest } from '@/lib/delivery/slack-request';
import { theOffscreenDocument } from './offscreen';

/** An answer later than this is not waited for (the delivery tries again later). */
const ANSWER_TIMEOUT_MS = 20_000;

function timeout(ms: number): Promise<never> {
  return new Promise((_, reject) =>
    setTimeout(() => reject(new Error('the Slack text converter did not answer in time')), ms),
  );
}

export async function slackTextOffThread(markdown: string): Promise<string> {
  if (import.meta.env.FIREFOX) {
    const { markdownToSlack } = await import('@/lib/delivery/slack');
    return markdownToSlack(markdown);
  }
  const document = theOffscreenDocument();
  if (!document) throw new Error('no offscreen document to convert the Slack text');
  const request: SlackRequest = { channel: SLACK_CHANNEL, markdown };
  const answer: unknown = await document.use(() =>
    Promise.race([browser.runtime.sendMessage(request), timeout(ANSWER_TIMEOUT_MS)]),
  );
  if (!isSlackAnswer(answer)) throw new Error('the Slack text converter did not answer');
  if (!answer.ok) throw new Error(`Slack text not made: ${answer.message}`);
  return answer.text;
}
