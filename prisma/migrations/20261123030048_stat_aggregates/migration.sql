-- CreateTable
CREATE TABLE "edition_stat_names" (
    "editionId" INTEGER NOT NULL,
    "competitionId" INTEGER NOT NULL,
    "stat" TEXT NOT NULL,

    PRIMARY KEY ("editionId", "stat"),
    CONSTRAINT "edition_stat_names_editionId_fkey" FOREIGN KEY ("editionId") REFERENCES "editions" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "competition_person_stats" (
    "competitionId" INTEGER NOT NULL,
    "stat" TEXT NOT NULL,
    "personId" INTEGER NOT NULL,
    "teamId" INTEGER,
    "value" INTEGER NOT NULL,
    "contests" INTEGER NOT NULL,

    PRIMARY KEY ("competitionId", "stat", "personId"),
    CONSTRAINT "competition_person_stats_competitionId_fkey" FOREIGN KEY ("competitionId") REFERENCES "competitions" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "competition_person_stats_personId_fkey" FOREIGN KEY ("personId") REFERENCES "persons" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "edition_stat_names_competitionId_stat_idx" ON "edition_stat_names"("competitionId", "stat");

-- CreateIndex
CREATE INDEX "competition_person_stats_competitionId_stat_value_contests_personId_idx" ON "competition_person_stats"("competitionId", "stat", "value" DESC, "contests", "personId");

-- CreateIndex
CREATE INDEX "persons_sport_id_idx" ON "persons"("sport", "id");
