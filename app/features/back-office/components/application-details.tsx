/**
 * What an admin sees of one application (docs/product.md, "Admin panel", plus the applicant's contact and
 * the status history). Rendered inside a dialog with JavaScript and as a page without it.
 */
import type { SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { DOCUMENT_TYPE_LABELS, shortenMiddle } from "~/content/document-types";
import { adminFacts } from "~/features/applications";
import { getStatusDisplay } from "~/features/applications";
import type { AdminApplicationDetails } from "~/features/back-office/admin-queries.server";
import { AdminStatusBadge } from "./admin-status-badge";
import { AuditTrail, type AuditTrailItem } from "./audit-trail";
import { formatDateTime, formatFileSize, formatPhone } from "~/ui/format";
import { StatusChangeForm } from "./status-change-form";
import { DocumentLinks } from "./document-links";

/** A part of the details; its id is the fragment an action on it comes back to (#status, #documents). */
function Section({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section id={id} tabIndex={-1} className="scroll-mt-4 rounded-md border border-slate-200 p-4 focus:outline-none">
      <h3 className="text-base font-semibold text-slate-900">{title}</h3>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Facts({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
      {items.map(([k, v]) => (
        <div key={k}>
          <dt className="font-medium text-slate-700">{k}</dt>
          <dd className="text-slate-900">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

const statusName = (s: string | null) => (s ? getStatusDisplay(s).label : "–");

export function DetailsTitle({ application, id }: { application: AdminApplicationDetails; id: string }) {
  return (
    <h2 id={id} className="flex flex-wrap items-center gap-3 text-xl font-semibold">
      <span className="font-mono">{application.reference}</span>
      <AdminStatusBadge status={application.status} context="dialog" />
    </h2>
  );
}

export function ApplicationDetails({
  application: a,
  redirectTo,
  lastResult,
  rejectRequested,
  auditTrail,
  backOffice,
  statusNotice,
}: {
  application: AdminApplicationDetails;
  redirectTo: string;
  lastResult?: SubmissionResult<string[]> | null;
  rejectRequested?: boolean;
  /** Audit entries about this application and its documents, newest first. */
  auditTrail?: AuditTrailItem[];
  /** Back office: assignment, requests, reviews and notes, after the documents. */
  backOffice?: ReactNode;
  /** Back office: e.g. "assigned to a colleague", shown above the status form. */
  statusNotice?: ReactNode;
}) {
  return (
    <div className="space-y-4" data-testid="application-details">
      <Section id="applicant" title="Applicant">
        <Facts
          items={[
            ["Name", `${a.applicant.firstName} ${a.applicant.lastName}`],
            [
              "E-mail",
              <a key="e" href={`mailto:${a.applicant.email}`} className="link break-all">
                {a.applicant.email}
              </a>,
            ],
            ["Phone", a.applicant.phone ? formatPhone(a.applicant.phone) : "–"],
            [
              "E-mail verified",
              <span key="v" data-testid="email-verified">
                {a.applicant.emailVerified ? "Yes" : "No, status e-mails are held until it is (notices of action taken are sent at once)"}
              </span>,
            ],
            [
              "Referred by",
              a.referredBy ? (
                <a key="r" href={`/admin/partners/${a.referredBy.id}`} className="link" data-testid="referred-by">
                  {a.referredBy.name}
                </a>
              ) : (
                <span key="r" data-testid="referred-by">
                  Nobody: the applicant came directly
                </span>
              ),
            ],
          ]}
        />
      </Section>
      <Section id="loan" title="Loan Information">
        <Facts items={adminFacts("loan", a)} />
      </Section>
      <Section id="address" title="Address Information">
        <Facts items={adminFacts("address", a)} />
      </Section>
      <Section id="offers" title="Lender offers">
        <a
          href={`/admin/applications/${a.id}/offers`}
          className="text-sm font-semibold text-blue-800 underline"
          data-testid="admin-offers-link"
        >
          Offers, lender decisions and acceptance
        </a>
      </Section>
      <Section id="timeline" title="Timeline">
        <Facts
          items={[
            ["Submitted", formatDateTime(a.submittedAt)],
            ["Last Updated", formatDateTime(a.updatedAt)],
          ]}
        />
      </Section>
      <Section id="documents" title={`Documents (${a.documents.length})`}>
        {a.documents.length === 0 ? (
          <p className="text-sm text-slate-700">No documents uploaded</p>
        ) : (
          <ul className="divide-y divide-slate-200" data-testid="details-documents">
            {a.documents.map((d) => (
              <li key={d.id} className="flex flex-wrap items-center justify-between gap-3 py-2 text-sm" data-testid="details-document">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">{DOCUMENT_TYPE_LABELS[d.documentType]}</p>
                  <p className="text-slate-700">
                    <span title={d.fileName} data-testid="document-name">
                      {shortenMiddle(d.fileName)}
                    </span>{" "}
                    · {formatFileSize(d.fileSize)} · {formatDateTime(d.uploadedAt)}
                  </p>
                </div>
                <DocumentLinks id={d.id} fileName={d.fileName} openLabel="Preview" />
              </li>
            ))}
          </ul>
        )}
      </Section>
      {backOffice}
      <Section id="status-history" title="Status History">
        {a.history.length === 0 ? (
          <p className="text-sm text-slate-700">No status changes yet</p>
        ) : (
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Status history">
            <table className="min-w-full text-left text-sm" data-testid="status-history">
              <caption className="sr-only">Status history of {a.reference}</caption>
              <thead>
                <tr className="text-slate-700">
                  <th scope="col" className="py-1 pr-4 font-semibold">
                    When
                  </th>
                  <th scope="col" className="py-1 pr-4 font-semibold">
                    Who
                  </th>
                  <th scope="col" className="py-1 pr-4 font-semibold">
                    From
                  </th>
                  <th scope="col" className="py-1 pr-4 font-semibold">
                    To
                  </th>
                  <th scope="col" className="py-1 font-semibold">
                    Note
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {a.history.map((h) => (
                  <tr key={h.id}>
                    <td className="whitespace-nowrap py-1 pr-4">{formatDateTime(h.at)}</td>
                    <td className="py-1 pr-4">
                      {h.actorName
                        ? `${h.actorName}${h.actorRole === "admin" ? " (admin)" : ""}`
                        : h.type === "submitted"
                          ? "Applicant"
                          : "System"}
                    </td>
                    <td className="py-1 pr-4">{h.type === "submitted" ? "–" : statusName(h.fromStatus)}</td>
                    <td className="py-1 pr-4">{statusName(h.toStatus ?? (h.type === "submitted" ? "submitted" : null))}</td>
                    <td className="whitespace-pre-line py-1">{h.note ?? ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Section>
      <Section id="status" title="Update Status">
        {statusNotice}
        <StatusChangeForm
          applicationDbId={a.id}
          currentStatus={a.status}
          redirectTo={redirectTo}
          lastResult={lastResult}
          rejectRequested={rejectRequested}
        />
      </Section>
      {auditTrail ? (
        <Section id="audit" title="Audit trail">
          <AuditTrail items={auditTrail} documents={a.documents} reference={a.reference} />
        </Section>
      ) : null}
    </div>
  );
}
