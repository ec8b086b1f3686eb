/**
 * A Slack-compatible incoming webhook (Slack, Mattermost, Rocket.Chat, ...): one POST of `{ text }`
 * in Slack's mrkdwn, the protocol converted outside the worker. Slack's own hooks are recognised;
 * other Slack-compatible services are chosen by hand.
 */
import { slackBodyWith } from '../bodies';
import { maskDestinationUrl } from '../destination-url';
import { defineKind } from './define';
import type { DeliveryKind, DeliveryKindCard } from './types';

export const slackCard: DeliveryKindCard = {
  kind: 'slack',
  names: { en: 'Slack-compatible (text)', ru: 'Совместимый со Slack (текст)' },
  entry: 'url',
  detect: (input) => {
    try {
      return new URL(input.trim()).hostname.toLowerCase() === 'hooks.slack.com';
    } catch {
      return false;
    }
  },
  mask: (destination) => maskDestinationUrl(destination.url),
};

export const slackKind: DeliveryKind = /* @__PURE__ */ defineKind(slackCard, {
  convert: 'slack',
  withSources: false,
  body: ({ content, options, protocol }) => [
    { body: JSON.stringify(slackBodyWith(content, options, protocol)) },
  ],
});
