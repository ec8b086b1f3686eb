/**
 * The background worker does not carry marked (49 kB minified, parsed at every wake-up): it asks
 * Chrome's offscreen document (entrypoints/offscreen/) to convert a protocol's Markdown to Slack
 * mrkdwn with `markdownToSlack` (slack.ts). This file is the message format both sides share; it
 * imports nothing heavy.
 */

/** Messages to the offscreen document for Slack text carry this channel; nothing else answers them. */
export const SLACK_CHANNEL = 'meeting-capture-slack';

/** A protocol is at most a few hundred kB; anything larger is not one of ours. */
const MARKDOWN_MAX = 5_000_000;

export interface SlackRequest {
  channel: typeof SLACK_CHANNEL;
  markdown: string;
}

export type SlackAnswer = { ok: true; text: string } | { ok: false; message: string };

export function isSlackRequest(message: unknown): message is SlackRequest {
  const value = message as Partial<SlackRequest> | null;
  return (
    typeof value === 'object' &&
    value !== null &&
    value.channel === SLACK_CHANNEL &&
    typeof value.markdown === 'string' &&
    value.markdown.length <= MARKDOWN_MAX
  );
}

export function isSlackAnswer(message: unknown): message is SlackAnswer {
  const value = message as { ok?: unknown; text?: unknown; message?: unknown } | null;
  if (typeof value !== 'object' || value === null) return false;
  return value.ok === true
    ? typeof value.text === 'string'
    : value.ok === false && typeof value.message === 'string';
}
