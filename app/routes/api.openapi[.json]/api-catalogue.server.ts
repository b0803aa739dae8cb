/**
 * The API's route modules, in the order the OpenAPI document and /api-docs list them. Each entry is
 * a route file's name (app/routes/<route>.ts: it gives the path) and the `endpoints` its `apiRoute`
 * exports (each with its own OpenAPI description). It lives beside the route that serves the
 * document (routes may import routes; app/server may not), which hands it to ~/server/openapi.server.
 *
 * Adding an endpoint: write the route with `apiRoute` and an `openapi` description on each
 * `endpoint()`, export `endpoints`, and add one line here. app/platform/api/openapi.server.test.ts
 * fails when an app/routes/api.* file is missing here (or listed but gone) or an endpoint has no
 * description.
 */
import * as adminApplications from "~/routes/api.admin.applications";
import * as adminDocumentRequests from "~/routes/api.admin.applications.$id.document-requests";
import * as adminNotes from "~/routes/api.admin.applications.$id.notes";
import * as adminStatus from "~/routes/api.admin.applications.$id.status";
import * as adminDocuments from "~/routes/api.admin.documents";
import * as adminReview from "~/routes/api.admin.documents.$id.review";
import * as documentsDownload from "~/routes/api.documents.download.$id";
import * as documentsPreview from "~/routes/api.documents.preview.$id";
import * as documentsUpload from "~/routes/api.documents.upload";
import * as authLogin from "~/routes/api.auth.login";
import * as authLogout from "~/routes/api.auth.logout";
import * as authRegister from "~/routes/api.auth.register";
import * as applications from "~/routes/api.loan-applications";
import * as applicationOffers from "~/routes/api.loan-applications.$reference.offers";
import * as applicationUpdate from "~/routes/api.loan-applications.db.$id";
import * as applicationStatus from "~/routes/api.loan-applications.status.$reference";
import * as offer from "~/routes/api.offers.$id";
import * as offerAccept from "~/routes/api.offers.$id.accept";
import * as partnerApplications from "~/routes/api.partner.applications";
import * as partnerApplication from "~/routes/api.partner.applications.$reference";
import * as partnerApplicationDocument from "~/routes/api.partner.applications.$reference.documents.$documentId";
import * as partnerFirmOffer from "~/routes/api.partner.applications.$reference.offers";
import * as partnerOfferConfirm from "~/routes/api.partner.applications.$reference.offers.$offerId.confirm";
import * as partnerOfferWithdraw from "~/routes/api.partner.applications.$reference.offers.$offerId.withdraw";
import * as partnerDecline from "~/routes/api.partner.applications.$reference.decline";
import * as partnerDocumentRequests from "~/routes/api.partner.applications.$reference.document-requests";
import * as partnerVerifying from "~/routes/api.partner.applications.$reference.verifying";
import * as partnerFunded from "~/routes/api.partner.applications.$reference.funded";
import * as partnerReferral from "~/routes/api.partner.referrals.$reference";
import * as partnerWebhooks from "~/routes/api.partner.webhooks";
import * as partnerWebhook from "~/routes/api.partner.webhooks.$id";
import * as partnerWebhookDeliveries from "~/routes/api.partner.webhooks.deliveries";
import * as partnerWebhookReplay from "~/routes/api.partner.webhooks.deliveries.$id.replay";
import type { ApiCatalogueEntry } from "~/platform/api/openapi.server";

/** app/routes/api.* files that are not endpoints of the document. */
export const NOT_DESCRIBED: Record<string, string> = {
  "api.$": "the JSON 404 of unknown /api paths",
  "api.openapi[.json]": "the document itself",
};

export const API_ROUTES: ApiCatalogueEntry[] = [
  { route: "api.auth.register", endpoints: authRegister.endpoints },
  { route: "api.auth.login", endpoints: authLogin.endpoints },
  { route: "api.auth.logout", endpoints: authLogout.endpoints },
  { route: "api.loan-applications", endpoints: applications.endpoints },
  { route: "api.loan-applications.db.$id", endpoints: applicationUpdate.endpoints },
  { route: "api.loan-applications.status.$reference", endpoints: applicationStatus.endpoints },
  { route: "api.documents.upload", endpoints: documentsUpload.endpoints },
  { route: "api.documents.preview.$id", endpoints: documentsPreview.endpoints },
  { route: "api.documents.download.$id", endpoints: documentsDownload.endpoints },
  { route: "api.admin.applications", endpoints: adminApplications.endpoints },
  { route: "api.admin.documents", endpoints: adminDocuments.endpoints },
  { route: "api.admin.applications.$id.status", endpoints: adminStatus.endpoints },
  { route: "api.loan-applications.$reference.offers", endpoints: applicationOffers.endpoints },
  { route: "api.offers.$id", endpoints: offer.endpoints },
  { route: "api.offers.$id.accept", endpoints: offerAccept.endpoints },
  { route: "api.admin.applications.$id.document-requests", endpoints: adminDocumentRequests.endpoints },
  { route: "api.admin.documents.$id.review", endpoints: adminReview.endpoints },
  { route: "api.admin.applications.$id.notes", endpoints: adminNotes.endpoints },
  { route: "api.partner.referrals.$reference", endpoints: partnerReferral.endpoints },
  { route: "api.partner.applications", endpoints: partnerApplications.endpoints },
  { route: "api.partner.applications.$reference", endpoints: partnerApplication.endpoints },
  { route: "api.partner.applications.$reference.documents.$documentId", endpoints: partnerApplicationDocument.endpoints },
  { route: "api.partner.applications.$reference.offers", endpoints: partnerFirmOffer.endpoints },
  { route: "api.partner.applications.$reference.offers.$offerId.confirm", endpoints: partnerOfferConfirm.endpoints },
  { route: "api.partner.applications.$reference.offers.$offerId.withdraw", endpoints: partnerOfferWithdraw.endpoints },
  { route: "api.partner.applications.$reference.decline", endpoints: partnerDecline.endpoints },
  { route: "api.partner.applications.$reference.document-requests", endpoints: partnerDocumentRequests.endpoints },
  { route: "api.partner.applications.$reference.verifying", endpoints: partnerVerifying.endpoints },
  { route: "api.partner.applications.$reference.funded", endpoints: partnerFunded.endpoints },
  { route: "api.partner.webhooks", endpoints: partnerWebhooks.endpoints },
  { route: "api.partner.webhooks.$id", endpoints: partnerWebhook.endpoints },
  { route: "api.partner.webhooks.deliveries", endpoints: partnerWebhookDeliveries.endpoints },
  { route: "api.partner.webhooks.deliveries.$id.replay", endpoints: partnerWebhookReplay.endpoints },
];
