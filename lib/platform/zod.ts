import { z } from "zod";

// The request schemas shared by routes and the dashboard's forms import zod from here. In the
// browser the pages' CSP forbids eval, and zod probes `new Function` when it builds an object
// schema (to compile a fast parser): a CSP violation logged on every page that imports a schema
// (Lighthouse best practices 96 on Members). Jitless parsing skips the probe; the server keeps
// the compiled parsers.
if (typeof window !== "undefined") z.config({ jitless: true });

export { z };
