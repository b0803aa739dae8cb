/**
 * The webhook sender's doorbell: code that commits an event rings it, the running sender (if this
 * process runs one) answers with a pass at once. A module of its own so that writing an event does
 * not import the sender (which imports the event code).
 */
import { singleton } from "~/platform/singleton.server";

const bell = singleton("webhook-wake", (): { listener: (() => void) | null } => ({ listener: null }));

/** The sender registers its pass here while it runs (null when it stops). */
export function onWebhookWake(listener: (() => void) | null) {
  bell.listener = listener;
}

export function wakeWebhookSender() {
  bell.listener?.();
}
