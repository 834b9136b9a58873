import type { Db } from "../db/client";
import type { Prisma } from "../generated/sqlite/client";

/** The client or an interactive transaction: maintenance code runs inside importers' transactions. */
export type DbOrTx = Db | Prisma.TransactionClient;
