/**
 * The browser shell: the shared modules nearly every page that hydrates runs. The compiler makes
 * every route with browser code import this file (patches/@remix-run+dev+2.17.5.patch), so esbuild
 * puts all of them in one chunk with React and Remix, instead of one small chunk per set of routes
 * that happens to share a module: a phone fetches and runs a handful of modules, not thirty.
 *
 * Only modules that the applicant's pages run before anything else belong here. zod, the
 * schemas and whatever a page loads on demand stay out, or every page would download them.
 */
import * as conformDom from "@conform-to/dom";
import * as conformReact from "@conform-to/react";
import * as useHydrated from "remix-utils/use-hydrated";
import * as consents from "~/content/consents";
import * as constants from "~/content/constants";
import * as enums from "~/content/enums";
import * as loanOptions from "~/content/loan-options";
import * as messages from "~/content/messages";
import * as site from "~/content/site";
import * as cache from "~/platform/http/cache";
import * as analytics from "~/platform/observability/analytics";
import * as appHeader from "~/ui/app-header";
import * as errorSummary from "~/ui/error-summary";
import * as format from "~/ui/format";
import * as forms from "~/ui/forms";
import * as i18N from "~/ui/i18n";
import * as localeFormat from "~/ui/locale-format";
import * as logoutButton from "~/ui/logout-button";
import * as misc from "~/ui/misc";
import * as routeError from "~/ui/route-error";
import * as siteHeader from "~/ui/site-header";
import * as toastBus from "~/ui/toast-bus";
import * as useMessage from "~/ui/use-message";
import * as useUser from "~/ui/use-user";

/** Exported by every route's browser module; nothing reads it, it only keeps the modules above reachable. */
export const browserShell = [
  conformDom,
  conformReact,
  useHydrated,
  consents,
  constants,
  enums,
  loanOptions,
  messages,
  site,
  cache,
  analytics,
  appHeader,
  errorSummary,
  format,
  forms,
  i18N,
  localeFormat,
  logoutButton,
  misc,
  routeError,
  siteHeader,
  toastBus,
  useMessage,
  useUser,
];
