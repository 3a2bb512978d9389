// What the webhooks tell the gateway's metrics: deliveries recorded (queued), and each attempt's
// outcome (delivered, retried, failed) with its time. The gateway's Prometheus registry implements it.

export type AttemptOutcome = 'delivered' | 'retried' | 'failed';

export interface WebhookMetrics {
  /** Deliveries recorded with a committed write of this gateway, or re-sent. */
  queued(webhook: string, count: number): void;
  /** One attempt over: what became of the delivery, and how long the receiver took. */
  attempted(webhook: string, outcome: AttemptOutcome, seconds: number): void;
}

export const NO_WEBHOOK_METRICS: WebhookMetrics = { queued: () => {}, attempted: () => {} };
