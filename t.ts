import { createClient } from "./lib/db/client";
import { importInternational } from "./lib/importers/international/index";
const db = createClient(process.env.DATABASE_URL);
const t0 = Date.now(); let last = t0;
importInternational(db, "/work/shared/data/international", (s) => { const n = Date.now(); console.log(s, n - last); last = n; }).then((s) => console.log(Date.now() - t0, s.contests));
