/**
 * GET /api/loan-applications/status/{applicationId} (the route's $reference): needs only the reference; answers exactly
 * applicationId, status, amount, purpose, submittedAt, plus the stage and its timeline. 404 unknown, 429 throttled, 503 lookup failed.
 */
import { ApiApplicationStatusSchema, ApiStatusParamsSchema, ApiStatusPathSchema } from "~/features/applications/api.schema";
import { lookupApplicationStatus } from "~/features/applications/status-lookup.server";
import { apiError, apiJson, apiRoute, endpoint } from "~/platform/api/api-route.server";
import { MSG } from "~/content/messages";

export const { loader, action, endpoints } = apiRoute({
  GET: endpoint({
    auth: "none",
    params: ApiStatusParamsSchema,
    notFoundMessage: MSG.statusNotFound,
    openapi: ({ schema, json, err }) => ({
      operationId: "applicationStatus",
      request: { params: ApiStatusPathSchema },
      tag: "Loan applications",
      summary: "Look up an application's status by its reference",
      description:
        "Needs only the reference (any letter case). Answers applicationId, status, amount, purpose and submittedAt, and the loan's stage with its plain-words label, next steps and timeline (and, at no lender match, the reasons and what to do). Drafts are not found. Throttled per client.",
      responses: {
        200: json(schema("ApplicationStatus", ApiApplicationStatusSchema), "The status"),
        404: err(MSG.statusNotFound),
        429: err("Too many lookups (Retry-After)"),
        503: err(MSG.statusUnavailable),
      },
    }),
    async handler({ params, ip }) {
      const out = await lookupApplicationStatus(params.reference, ip);
      if (out.kind === "found") {
        // docs/product.md names the reference `applicationId` in the answer.
        const a = out.application;
        const l = a.lifecycle;
        return apiJson(
          ApiApplicationStatusSchema.parse({
            applicationId: a.reference,
            status: a.status,
            amount: a.amount,
            purpose: a.purpose,
            submittedAt: a.submittedAt,
            stage: a.stage,
            stageLabel: l?.label ?? null,
            nextSteps: l ? `${l.summary} ${l.next}` : null,
            timeline: (l?.timeline ?? []).map((s) => ({ stage: s.stage, label: s.label, state: s.state, at: s.at })),
            noLenderMatch: l?.noLenderMatch ? { reasons: l.noLenderMatch.reasons, nextSteps: l.noLenderMatch.nextSteps } : null,
          }),
        );
      }
      return apiError(out.status, out.message, undefined, out.kind === "throttled" ? out.headers : undefined);
    },
  }),
});
