// Writes public/social-card.png (the home page's Open Graph and X card): lib/docs/social-card.ts.
import fs from "node:fs";
import path from "node:path";
import { socialCardPng } from "../lib/docs/social-card";

const file = path.join(process.cwd(), "public", "social-card.png");
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.writeFileSync(file, socialCardPng());
console.log(`wrote ${path.relative(process.cwd(), file)}`);
