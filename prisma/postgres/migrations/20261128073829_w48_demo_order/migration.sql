-- CreateIndex
CREATE INDEX "persons_demo_id_idx" ON "persons"("demo", "id");

-- CreateIndex
CREATE INDEX "persons_sport_demo_id_idx" ON "persons"("sport", "demo", "id");
