-- CreateTable
CREATE TABLE "changes" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "at" DATETIME NOT NULL,
    "type" TEXT NOT NULL,
    "resource" TEXT NOT NULL,
    "resourceId" INTEGER,
    "competitionId" INTEGER,
    "contestId" INTEGER,
    "data" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "change_sequence" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "value" INTEGER NOT NULL
);

-- CreateIndex
CREATE INDEX "changes_at_idx" ON "changes"("at");

-- Hand-written (issue 18): the one sequence row that recordChanges increments.
INSERT INTO "change_sequence" ("id", "value") VALUES (1, 0);
