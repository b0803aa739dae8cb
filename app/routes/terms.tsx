import { redirect } from "@remix-run/node";

export const loader = () => redirect("/terms-of-service", 301);
