/** The Documents tab's table (the columns docs/product.md lists) with its empty and loading states. */
import { Link } from "@remix-run/react";
import { DOCUMENT_TYPE_LABELS } from "~/content/document-types";
import type { AdminDocumentRow } from "~/features/back-office/admin-queries.server";
import { formatDateTime, formatFileSize } from "~/ui/format";
import { DocumentLinks, EmptyTableRow } from "./document-links";

export function DocumentsTable({ rows, loading }: { rows: AdminDocumentRow[]; loading: boolean }) {
  const th = "px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-700";
  return (
    <div
      className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white"
      data-scroll-box
      tabIndex={0}
      role="region"
      aria-label="Uploaded documents"
    >
      <table className={`min-w-full divide-y divide-slate-200 text-sm ${loading ? "opacity-60" : ""}`} aria-busy={loading || undefined}>
        <caption className="sr-only">Uploaded documents</caption>
        <thead className="bg-slate-50">
          <tr>
            {["Application ID", "Document Type", "File Name", "File Size", "Uploaded", "Actions"].map((h) => (
              <th key={h} scope="col" className={th}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.length === 0 ? (
            <EmptyTableRow colSpan={6} loading={loading} loadingText="Loading documents..." emptyText="No documents found" />
          ) : (
            rows.map((d) => (
              <tr key={d.id} data-testid="document-row" data-document-id={d.id}>
                <td className="whitespace-nowrap px-4 py-3 font-mono">
                  {d.reference ? (
                    <Link to={`/admin/applications/${d.applicationDbId}`} className="link">
                      {d.reference}
                    </Link>
                  ) : (
                    "N/A"
                  )}
                </td>
                <td className="px-4 py-3">{DOCUMENT_TYPE_LABELS[d.documentType]}</td>
                <td className="px-4 py-3">
                  {/* docs/product.md shortens names only in the details dialog: here the full name, wrapped. */}
                  <span className="block max-w-xs break-words [overflow-wrap:anywhere]" data-testid="documents-tab-name">
                    {d.fileName}
                  </span>
                </td>
                <td className="whitespace-nowrap px-4 py-3">{formatFileSize(d.fileSize)}</td>
                <td className="whitespace-nowrap px-4 py-3">{formatDateTime(d.uploadedAt)}</td>
                <td className="px-4 py-3">
                  <DocumentLinks id={d.id} fileName={d.fileName} openLabel="View" />
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
