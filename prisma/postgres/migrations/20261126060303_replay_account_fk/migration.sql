-- Replays of accounts that no longer exist are dropped: the rows were never shown to anyone else.
DELETE FROM "replays" WHERE "accountId" NOT IN (SELECT "id" FROM "accounts");

-- AddForeignKey
ALTER TABLE "replays" ADD CONSTRAINT "replays_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
