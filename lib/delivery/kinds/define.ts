/**
 * A kind made of its card and its sending. Called `/* @__PURE__ *\/` in each kind's file, so a page
 * that takes only the cards (the options page) drops the sending and what it imports.
 */
import type { DeliveryKind, DeliveryKindCard } from './types';

export function defineKind(
  card: DeliveryKindCard,
  sending: Omit<DeliveryKind, keyof DeliveryKindCard>,
): DeliveryKind {
  return { ...card, ...sending };
}
