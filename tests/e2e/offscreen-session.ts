/**
 * A DevTools session on the extension's offscreen document (the recording page), attached through
 * another page's session `via` with flatten off: the record specs watch its audio
 * (record-here-audible.spec.ts) and run code in it (record-microphone.spec.ts).
 */
import type { CDPSession } from '@playwright/test';
import { expect } from './ui-fixtures';

/** A protocol message from the offscreen document: an answer (its `id`) or an event (its `method`). */
export interface TargetMessage {
  id?: number;
  method?: string;
}

export interface OffscreenSession<M extends TargetMessage> {
  /** Every message the document sent, in order. */
  events: M[];
  /** Sends a command and waits for its answer. */
  send(method: string, params?: Record<string, unknown>): Promise<M>;
}

export async function offscreenSession<M extends TargetMessage = TargetMessage>(
  via: CDPSession,
): Promise<OffscreenSession<M>> {
  const { targetInfos } = (await via.send('Target.getTargets')) as {
    targetInfos: Array<{ targetId: string; url: string }>;
  };
  const target = targetInfos.find((info) => /^chrome-extension:\/\/[^/]+\/offscreen\.html/.test(info.url));
  expect(target, 'the offscreen document is open').toBeDefined();
  const { sessionId } = (await via.send('Target.attachToTarget', {
    targetId: target!.targetId,
    flatten: false,
  })) as { sessionId: string };
  const events: M[] = [];
  via.on('Target.receivedMessageFromTarget', (event) => {
    if ((event as { sessionId: string }).sessionId === sessionId)
      events.push(JSON.parse((event as { message: string }).message) as M);
  });
  let nextId = 1;
  const send = async (method: string, params: Record<string, unknown> = {}) => {
    const id = nextId++;
    await via.send('Target.sendMessageToTarget', {
      sessionId,
      message: JSON.stringify({ id, method, params }),
    });
    await expect.poll(() => events.some((event) => event.id === id)).toBe(true);
    return events.find((event) => event.id === id)!;
  };
  return { events, send };
}
