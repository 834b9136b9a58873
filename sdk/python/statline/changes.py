"""Typed change payloads (docs/events.md), shared by the change feed, the live stream and webhooks."""

from __future__ import annotations

from typing import Any, Dict, List, Literal, NotRequired, Optional, TypedDict, Union


class Participant(TypedDict, total=False):
    side: str
    team_id: Optional[str]
    person_id: Optional[str]
    score: Optional[int]
    halftime_score: Optional[int]
    score_detail: Optional[str]
    outcome: Optional[str]


class ContestData(TypedDict, total=False):
    """contest.created / .status / .score / .updated: the contest as GET /v1/contests/{id} gives it."""

    id: str
    competition_id: str
    edition_id: Optional[str]
    round: Optional[str]
    stage: Optional[str]
    status: str
    kickoff_at: Optional[str]
    venue: Optional[str]
    participants: List[Participant]


class MatchEventData(TypedDict, total=False):
    """contest.event: one match event, with its contest; ``deleted`` is a tombstone."""

    id: str
    contest_id: str
    type: str
    minute: Optional[int]
    team_id: Optional[str]
    person_id: Optional[str]
    revision: int
    deleted: bool


class LineupsData(TypedDict, total=False):
    contest_id: str
    players: List[Dict[str, Any]]


class StatisticsData(TypedDict, total=False):
    contest_id: str
    teams: List[Dict[str, Any]]


class OddsPointsData(TypedDict, total=False):
    """odds.points: the first 50 points inline; the rest via GET /v1/contests/{id}/odds/history?after=."""

    contest_id: str
    count: int
    observed_from: str
    observed_to: str
    points: List[Dict[str, Any]]


class StandingsData(TypedDict, total=False):
    edition_id: str
    competition_id: str
    rows_changed: int
    rows: List[Dict[str, Any]]


class TeamCreatedData(TypedDict, total=False):
    id: str
    name: str
    country: Optional[str]


class PersonCreatedData(TypedDict, total=False):
    id: str
    name: str
    sport: str


class DatasetResetData(TypedDict, total=False):
    seed: str


class ReplayTag(TypedDict):
    id: str


class _ChangeBase(TypedDict):
    id: str
    resource: str
    resource_id: Optional[str]
    competition_id: Optional[str]
    contest_id: Optional[str]
    at: str
    #: Only on the stream and webhooks of the account that started a sandbox replay.
    replay: NotRequired[ReplayTag]


class ContestChange(_ChangeBase):
    type: Literal["contest.created", "contest.status", "contest.clock", "contest.score", "contest.updated"]
    data: ContestData


class MatchEventChange(_ChangeBase):
    type: Literal["contest.event"]
    data: MatchEventData


class LineupsChange(_ChangeBase):
    type: Literal["contest.lineups"]
    data: LineupsData


class StatisticsChange(_ChangeBase):
    type: Literal["contest.statistics"]
    data: StatisticsData


class OddsChange(_ChangeBase):
    type: Literal["odds.points"]
    data: OddsPointsData


class StandingsChange(_ChangeBase):
    type: Literal["standings.updated"]
    data: StandingsData


class TeamCreatedChange(_ChangeBase):
    type: Literal["team.created"]
    data: TeamCreatedData


class PersonCreatedChange(_ChangeBase):
    type: Literal["person.created"]
    data: PersonCreatedData


class DatasetResetChange(_ChangeBase):
    type: Literal["dataset.reset"]
    data: DatasetResetData


#: One change of the feed or the stream; narrow it on ``change["type"]``.
Change = Union[
    ContestChange,
    MatchEventChange,
    LineupsChange,
    StatisticsChange,
    OddsChange,
    StandingsChange,
    TeamCreatedChange,
    PersonCreatedChange,
    DatasetResetChange,
]


class Replay(TypedDict):
    """A sandbox replay (GET /sandbox/v1/replays/{id}); every change it sends carries ``replay.id``."""

    id: str
    contest_id: str
    speed: int
    status: Literal["running", "finished", "cancelled", "interrupted"]
    total: int
    emitted: int
    created_at: str
    ends_at: str
    ended_at: Optional[str]
