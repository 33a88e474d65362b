/**
 * Webhooks: a project's subscriptions to map.changed, map.checks, thread.created and comment.created, delivered
 * signed (HMAC-SHA256), retried with backoff, logged per delivery (docs/review.md).
 */
package dev.tilewright.webhooks;
