/**
 * The sports tables the generator writes, with each column's PostgreSQL type (the SQLite writer
 * only needs the names). Order = foreign-key order: parents are flushed before children.
 */
export const TABLES = {
  competitions: {
    id: "int",
    slug: "text",
    name: "text",
    sport: "text",
    kind: "text",
    format: "text",
    country: "text",
    demo: "boolean",
    createdAt: "timestamp(3)",
  },
  editions: {
    id: "int",
    competitionId: "int",
    name: "text",
    startDate: "timestamp(3)",
    endDate: "timestamp(3)",
    current: "boolean",
  },
  teams: {
    id: "int",
    name: "text",
    nameNormalized: "text",
    shortName: "text",
    code: "text",
    country: "text",
    founded: "int",
    venue: "text",
    demo: "boolean",
  },
  persons: {
    id: "int",
    name: "text",
    nameNormalized: "text",
    firstName: "text",
    lastName: "text",
    nationality: "text",
    birthDate: "timestamp(3)",
    position: "text",
    sport: "text",
    externalRef: "text",
    demo: "boolean",
  },
  person_name_tokens: { token: "text", personId: "int" },
  roster_entries: {
    id: "int",
    editionId: "int",
    teamId: "int",
    personId: "int",
    shirtNumber: "int",
    position: "text",
    role: "text",
  },
  contests: {
    id: "int",
    editionId: "int",
    round: "text",
    stage: "text",
    status: "text",
    kickoffAt: "timestamp(3)",
    venue: "text",
    externalRef: "text",
    referee: "text",
  },
  contest_participants: {
    id: "int",
    contestId: "int",
    side: "text",
    teamId: "int",
    personId: "int",
    score: "int",
    halftimeScore: "int",
    scoreDetail: "text",
    outcome: "text",
    fullTimeScore: "int",
    formation: "text",
  },
  odds_points: {
    id: "int",
    contestId: "int",
    personId: "int",
    bookmaker: "text",
    market: "text",
    selection: "text",
    line: "float8",
    price: "float8",
    observedAt: "timestamp(3)",
    isClosing: "boolean",
  },
  person_contest_stats: {
    id: "int",
    contestId: "int",
    personId: "int",
    teamId: "int",
    stat: "text",
    value: "int",
  },
  match_events: {
    id: "int",
    contestId: "int",
    type: "text",
    sequence: "int",
    minute: "int",
    addedTime: "int",
    teamId: "int",
    personId: "int",
    relatedPersonId: "int",
    personName: "text",
    relatedName: "text",
    penalty: "boolean",
    ownGoal: "boolean",
    detail: "text",
    source: "text",
    externalId: "text",
    revision: "int",
    deletedAt: "timestamp(3)",
    updatedAt: "timestamp(3)",
  },
  lineup_entries: {
    id: "int",
    contestId: "int",
    teamId: "int",
    personId: "int",
    role: "text",
    shirtNumber: "int",
    position: "text",
    sequence: "int",
  },
  team_contest_stats: {
    contestId: "int",
    teamId: "int",
    shots: "int",
    shotsOnTarget: "int",
    corners: "int",
    fouls: "int",
    yellowCards: "int",
    redCards: "int",
  },
} as const;

export type TableName = keyof typeof TABLES;
export type Value = string | number | boolean | Date | null;
export type Row<T extends TableName> = { [K in keyof (typeof TABLES)[T]]: Value };

export const TABLE_ORDER = Object.keys(TABLES) as TableName[];

/** Every table the seed owns (wiped before a fresh seed), children first. */
export const SPORTS_TABLES = [
  "team_ratings",
  "contest_sources",
  "team_former_names",
  "match_events",
  "lineup_entries",
  "team_contest_stats",
  "competition_person_stats",
  "edition_stat_names",
  "odds_points",
  "person_contest_stats",
  "person_edition_stats",
  "standings",
  "contest_participants",
  "contests",
  "roster_entries",
  "person_name_tokens",
  "persons",
  "teams",
  "editions",
  "competitions",
] as const;

export interface TableWriter {
  insert<T extends TableName>(table: T, rows: Row<T>[]): Promise<void>;
}

/**
 * Collects generated rows and hands them to the writer in large batches, so memory stays flat
 * at any --scale. Ids are assigned here (deterministic, independent of the database).
 */
export class RowSink {
  private buffers = new Map<TableName, Row<TableName>[]>();
  private nextIds = new Map<TableName, number>();
  private pending = 0;
  readonly counts = Object.fromEntries(TABLE_ORDER.map((t) => [t, 0])) as Record<TableName, number>;

  constructor(
    private writer: TableWriter,
    private flushAt = 40_000,
  ) {}

  id(table: TableName): number {
    const id = (this.nextIds.get(table) ?? 0) + 1;
    this.nextIds.set(table, id);
    return id;
  }

  add<T extends TableName>(table: T, row: Row<T>): void {
    let buf = this.buffers.get(table);
    if (!buf) this.buffers.set(table, (buf = []));
    buf.push(row as Row<TableName>);
    this.counts[table]++;
    this.pending++;
  }

  /** Writes when enough rows are buffered; call between generation steps. */
  async maybeFlush(): Promise<void> {
    if (this.pending >= this.flushAt) await this.flush();
  }

  async flush(): Promise<void> {
    for (const table of TABLE_ORDER) {
      const rows = this.buffers.get(table);
      if (rows?.length) await this.writer.insert(table, rows);
      this.buffers.set(table, []);
    }
    this.pending = 0;
  }
}
