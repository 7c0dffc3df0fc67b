import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "~/lib/paths";

/** The head of a page under /admin: the way back to the panel, the page's title, and what the page is for. */
export function AdminPageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="flex flex-col gap-2">
      <p className="text-sm">
        <Link to={paths.admin} className="text-brand-700 hover:underline">
          Admin Panel
        </Link>
      </p>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      {children}
    </header>
  );
}
