/** A suspended account's notice, above every dashboard page: what happened and why. */
export function SuspendedBanner({ reason, since }: { reason: string | null; since: string }) {
  return (
    <div
      role="alert"
      className="mb-6 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
    >
      <p className="font-semibold">This account is suspended</p>
      <p className="mt-1 break-words">
        Its API keys are refused with 401 &ldquo;Invalid API key&rdquo; since {since}.
        {reason ? (
          <>
            {" "}
            Reason: <span className="font-medium">{reason}</span>
          </>
        ) : null}
      </p>
      <p className="mt-1">Contact the operator of this service to have it reinstated.</p>
    </div>
  );
}
