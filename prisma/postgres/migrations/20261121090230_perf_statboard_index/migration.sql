-- DropIndex
DROP INDEX "person_edition_stats_editionId_stat_value_idx";

-- CreateIndex
CREATE INDEX "person_edition_stats_editionId_stat_value_contests_personId_idx" ON "person_edition_stats"("editionId", "stat", "value" DESC, "contests", "personId");
