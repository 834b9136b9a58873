"use client";

import { useMemo } from "react";
import { REAUTH_MESSAGE } from "@/lib/auth/reauth-message";
import { useCsrfToken } from "../csrf";

/** A dashboard route's {error:{code,message,field?}} answer (or a network failure, status 0). */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The input field the server refused (a form shows the message under it). */
    readonly field?: string,
  ) {
    super(message);
  }
}

/** The window event a refused security change sends: the Account page then asks "Confirm it's you". */
export const REAUTH_EVENT = "statline:reauth";

/** Whether a request was refused for want of a recent re-authentication (lib/auth/reauth.ts). */
export const needsReauth = (error: unknown) =>
  error instanceof ApiRequestError && error.status === 403 && error.message === REAUTH_MESSAGE;

/** The workspace the page's URL names (`?w=`): every dashboard call acts in it (lib/workspaces/member.ts). */
const workspaceHeader = (): Record<string, string> => {
  if (typeof window === "undefined") return {};
  const w = new URLSearchParams(window.location.search).get("w");
  return w ? { "x-statline-workspace": w } : {};
};

async function call<T>(method: string, path: string, csrfToken: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: "same-origin",
      cache: "no-store",
      headers: {
        Accept: "application/json",
        ...workspaceHeader(),
        ...(method === "GET" ? {} : { "Content-Type": "application/json", "x-csrf-token": csrfToken }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiRequestError(
      0,
      "NETWORK_ERROR",
      "Could not reach the server. Check your connection and try again.",
    );
  }
  const payload = (await res.json().catch(() => null)) as {
    data?: T;
    error?: { code: string; message: string; field?: string };
  } | null;
  if (res.status === 401 && typeof window !== "undefined") {
    // The session ended (expired or signed out in another tab): back to sign-in, then here again.
    // A full page load on purpose: it drops every cached query of the ended session.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.assign(
      `/signin?callbackUrl=${encodeURIComponent(window.location.pathname + window.location.search)}`,
    );
  }
  if (!res.ok || !payload || payload.data === undefined) {
    throw new ApiRequestError(
      res.status,
      payload?.error?.code ?? "HTTP_ERROR",
      payload?.error?.message ?? `Request failed (${res.status})`,
      typeof payload?.error?.field === "string" ? payload.error.field : undefined,
    );
  }
  return payload.data;
}

/** Like Umami's useApi: JSON in and out, errors as ApiRequestError, the CSRF token on mutations. */
export function useApi() {
  const csrfToken = useCsrfToken();
  return useMemo(
    () => ({
      get: <T>(path: string) => call<T>("GET", path, csrfToken),
      post: <T>(path: string, body?: unknown) => call<T>("POST", path, csrfToken, body ?? {}),
      patch: <T>(path: string, body: unknown) => call<T>("PATCH", path, csrfToken, body),
      put: <T>(path: string, body: unknown) => call<T>("PUT", path, csrfToken, body),
    }),
    [csrfToken],
  );
}
