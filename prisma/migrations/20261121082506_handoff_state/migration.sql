-- AlterTable
ALTER TABLE "handoff_sessions" ADD COLUMN "state" TEXT;
