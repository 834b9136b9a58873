-- CreateTable
CREATE TABLE "changes" (
    "id" INTEGER NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "type" TEXT NOT NULL,
    "resource" TEXT NOT NULL,
    "resourceId" INTEGER,
    "competitionId" INTEGER,
    "contestId" INTEGER,
    "data" TEXT NOT NULL,

    CONSTRAINT "changes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "change_sequence" (
    "id" INTEGER NOT NULL,
    "value" INTEGER NOT NULL,

    CONSTRAINT "change_sequence_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "changes_at_idx" ON "changes"("at");

-- Hand-written (issue 18): the one sequence row that recordChanges increments.
INSERT INTO "change_sequence" ("id", "value") VALUES (1, 0);
