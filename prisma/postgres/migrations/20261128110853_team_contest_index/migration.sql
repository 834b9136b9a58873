-- DropIndex
DROP INDEX "contest_participants_teamId_idx";

-- CreateIndex
CREATE INDEX "contest_participants_teamId_contestId_idx" ON "contest_participants"("teamId", "contestId");
