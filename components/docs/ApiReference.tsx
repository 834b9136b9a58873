"use client";

import dynamic from "next/dynamic";
import "@scalar/api-reference-react/style.css";

// Scalar mounts a Vue app into the DOM, so it renders in the browser only.
const ApiReferenceReact = dynamic(
  () => import("@scalar/api-reference-react").then((m) => m.ApiReferenceReact),
  {
    ssr: false,
    loading: () => <p className="px-6 py-10 text-slate-500">Loading the API reference…</p>,
  },
);

/** The reference rendered from the live OpenAPI document; nothing is fetched from outside this server. */
export function ApiReference({ specUrl }: { specUrl: string }) {
  return (
    <ApiReferenceReact
      configuration={{
        url: specUrl,
        withDefaultFonts: false,
        telemetry: false,
        showDeveloperTools: "never",
        hideClientButton: false,
        defaultOpenFirstTag: true,
        agent: { disabled: true },
        mcp: { disabled: true },
      }}
    />
  );
}
