import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { readForm } from "~/lib/http/form.server";
import { endStaffSession, STAFF_HEADERS } from "~/lib/staff/staff-session.server";

/** Log-out is a post (a link or an image cannot log anyone out); a visit goes to the staff area. */
export function loader() {
  return redirect("/store");
}

/** Ends the staff session only; a customer booking session in the same browser stays. */
export async function action({ request }: ActionFunctionArgs) {
  await readForm(request);
  await endStaffSession(request);
  throw redirect("/store/login?loggedOut=1", { headers: STAFF_HEADERS });
}
