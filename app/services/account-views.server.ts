/**
 * The reads the account pages, the sign-in steps and the e-mail verification page make (routes
 * never import models): a user, what it may show of one, a pending e-mail change, whether a link is
 * still usable, and what a deletion of the account would remove.
 */
export { getUserById, toPublicUser, type PublicUser } from "~/models/users.server";
export { findUsableToken, pendingEmailChange, tokenPurpose } from "~/models/account-tokens.server";
export { countApplications, listUnsubmittedApplicationIds } from "~/models/account-data-queries.server";
