/**
 * What a destination receives (bodies.ts), with the Slack body made in this thread: the protocol's
 * Markdown converted by markdown.ts (marked). The background worker does not import this module: it
 * has the conversion done outside it (the offscreen document's `markdown` task) and calls `slackBodyWith`.
 */
import { type DeliveryContent, protocolMarkdown, type SlackBodyOptions, slackBodyWith } from './bodies';
import { markdownToSlack } from './markdown';

export * from './bodies';

/** A Slack-compatible incoming webhook's body: the protocol (and the transcript) as mrkdwn. */
export function slackBody(content: DeliveryContent, options: SlackBodyOptions): { text: string } {
  return slackBodyWith(content, options, markdownToSlack(protocolMarkdown(content)));
}
