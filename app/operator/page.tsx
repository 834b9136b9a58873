import { AccountList } from "@/components/operator/AccountList";
import { Card } from "@/components/ui/Card";
import { PageHeader } from "@/components/ui/Card";
import { focusRing } from "@/components/ui/Button";
import { db } from "@/lib/platform/db";
import { operatorTitle, requireOperator } from "@/lib/operator/access";
import { SEARCH_MAX, searchAccounts } from "@/lib/operator/accounts";

// The 404 page's title for anyone but an operator (lib/operator/access.ts).
export const generateMetadata = operatorTitle("Accounts · Operator");

type Search = Promise<Record<string, string | string[] | undefined>>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? "";

export default async function OperatorAccountsPage({ searchParams }: { searchParams: Search }) {
  await requireOperator();
  const params = await searchParams;
  const q = one(params.q).slice(0, SEARCH_MAX);
  const page = Math.min(Math.max(1, Number.parseInt(one(params.page), 10) || 1), 100_000);
  const list = await searchAccounts(db, q, page);
  return (
    <>
      <PageHeader
        title="Accounts"
        description="Every account on this Statline: find one by name or a member's email."
      />
      <Card>
        <form
          role="search"
          action="/operator"
          className="flex flex-wrap gap-2 border-b border-slate-100 px-5 py-4"
        >
          <label htmlFor="account-search" className="sr-only">
            Search accounts
          </label>
          <input
            id="account-search"
            name="q"
            type="search"
            defaultValue={q}
            maxLength={SEARCH_MAX}
            placeholder="Name or email"
            className={`h-9 min-w-0 flex-1 rounded-md border border-slate-300 px-3 text-sm ${focusRing}`}
          />
          <button
            type="submit"
            className={`h-9 rounded-md bg-emerald-700 px-4 text-sm font-medium text-white hover:bg-emerald-800 ${focusRing}`}
          >
            Search
          </button>
        </form>
        <AccountList list={list} q={q} />
      </Card>
    </>
  );
}
