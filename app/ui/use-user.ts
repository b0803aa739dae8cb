import { useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "~/root";

/** The signed-in user as the root loader exposes it (first name and role only), or null. */
export function useOptionalUser() {
  const data = useRouteLoaderData<typeof rootLoader>("root");
  return data?.user ?? null;
}
