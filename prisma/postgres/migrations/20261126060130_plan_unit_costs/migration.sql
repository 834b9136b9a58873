-- AlterTable
ALTER TABLE "plans" ADD COLUMN     "unitCosts" TEXT NOT NULL DEFAULT '{}';
