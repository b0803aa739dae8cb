/** Every path; a form POST (the wizard's step 1 in the bench) reads its form and redirects, like the product's. */
import { redirect, type ActionFunctionArgs } from "@remix-run/node";

export async function action({ request }: ActionFunctionArgs) {
  await request.formData();
  return redirect("/apply/owner");
}

export default function Page() {
  return null;
}
