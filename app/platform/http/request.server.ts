import type { AppLoadContext } from "@remix-run/node";
import { getEnv } from "~/platform/env.server";
import { clientAddress } from "./http.server";

/** The client's address as the server entry saw it (X-Forwarded-For only with TRUST_PROXY). */
export function getClientIp(request: Request, context?: AppLoadContext) {
  const fromContext = (context as { clientIp?: string } | undefined)?.clientIp;
  if (fromContext) return fromContext;
  return clientAddress(request, getEnv().TRUST_PROXY);
}
