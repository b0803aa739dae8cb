/**
 * The public entry of this feature's server side for code outside it. Other features and the
 * shared folders import only from here or from index.ts; routes may import the feature's files.
 */
export { kickOutbox, startOutboxWorker, stopOutboxWorker } from "./mail.server";
