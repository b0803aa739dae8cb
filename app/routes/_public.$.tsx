import { data, type MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";

export const meta: MetaFunction = () => [{ title: "404 Page Not Found" }];

/** Any unknown path: status 404 with the public layout and a way home. */
export async function loader() {
  return data({ notFound: true }, { status: 404 });
}

export default function NotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <p className="text-6xl font-bold text-blue-700">404</p>
      <h1 className="text-3xl font-bold">404 Page Not Found</h1>
      <p className="text-slate-700">The page you are looking for does not exist or has moved.</p>
      <div className="flex gap-3">
        <Link to="/" className="btn-primary">
          Go back home
        </Link>
        <Link to="/loan-application" className="btn-outline">
          Apply for a loan
        </Link>
      </div>
    </section>
  );
}
