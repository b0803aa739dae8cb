import { data, type MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { languageOfMatches, resourcesFor } from "~/content/locales";
import { useT } from "~/ui/i18n";

export const meta: MetaFunction = ({ matches }) => [{ title: resourcesFor(languageOfMatches(matches)).public.notFound.title }];

/** Any unknown path: status 404 with the public layout and a way home. */
export async function loader() {
  return data({ notFound: true }, { status: 404 });
}

export default function NotFound() {
  const { t } = useT("public");
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <p className="text-6xl font-bold text-blue-700">404</p>
      <h1 className="text-3xl font-bold">{t("notFound.title")}</h1>
      <p className="text-slate-700">{t("notFound.body")}</p>
      <div className="flex gap-3">
        <Link to="/" className="btn-primary">
          {t("notFound.home")}
        </Link>
        <Link to="/loan-application" className="btn-outline">
          {t("notFound.apply")}
        </Link>
      </div>
    </section>
  );
}
