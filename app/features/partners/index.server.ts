/**
 * The public entry of this feature's server side for code outside it. Other features and the
 * shared folders import only from here or from index.ts; routes may import the feature's files.
 */
export { auditKeyUse, authenticateKey, bearerToken, countKeyCall, displayPrefix, type PartnerCaller } from "./partner-keys.server";
export { startWebhookWorker, stopWebhookWorker } from "./webhook-delivery.server";
export { emitDocumentUploaded, emitStageEvents, resealWebhookSecrets } from "./webhooks.server";
