/**
 * Toasts and alert dialogs (antd's message and Modal) without their code in any page's first
 * download (docs/adr/0010): a request waits here until feedback-host.tsx, loaded on the first
 * one by <FeedbackOutlet /> (app/providers.tsx), shows it and every later one.
 */
export type FeedbackRequest =
  | { kind: 'success' | 'error' | 'info'; content: string; seconds?: number }
  | { kind: 'dialog'; title: string; content: string };

const waiting: FeedbackRequest[] = [];
let deliver: ((request: FeedbackRequest) => void) | null = null;
let wake: (() => void) | null = null;

function send(request: FeedbackRequest): void {
  if (deliver) return deliver(request);
  waiting.push(request);
  wake?.();
}

export function toast(kind: 'success' | 'error' | 'info', content: string, seconds?: number): void {
  send({ kind, content, seconds });
}

export function errorDialog(title: string, content: string): void {
  send({ kind: 'dialog', title, content });
}

/** The outlet is told when a first request waits; unmounted, it drops what still waits. */
export function onFirstRequest(callback: () => void): () => void {
  wake = callback;
  if (waiting.length) callback();
  return () => {
    if (wake === callback) wake = null;
    waiting.length = 0;
  };
}

/** The host takes the waiting requests, then each new one, until it unmounts. */
export function deliverTo(handler: (request: FeedbackRequest) => void): () => void {
  deliver = handler;
  for (const request of waiting.splice(0)) handler(request);
  return () => {
    if (deliver === handler) deliver = null;
  };
}
