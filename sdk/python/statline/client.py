"""The synchronous client: typed /v1 reads, paging, the change feed, the live stream and the replay sandbox."""

from __future__ import annotations

import json
import os
import time
import urllib.error
import urllib.request
from typing import Any, Dict, Iterator, List, Mapping, Optional, Sequence, Union, cast

from . import _http
from ._generated import SDK_VERSION, Operations
from .changes import Change, Replay
from .errors import StatlineError, error_from_response
from .stream import SseState, decode, parse

API_KEY_ENV = "STATLINE_API_KEY"
BASE_URL_ENV = "STATLINE_BASE_URL"
DEFAULT_BASE_URL = "http://localhost:3000"
#: Guards against a server that keeps answering with the same page.
MAX_PAGES = 1_000_000

Query = Mapping[str, Any]


def next_query(query: Dict[str, Any], data: Mapping[str, Any]) -> bool:
    """Moves ``query`` to the next page of a paged list; False at the end.

    The loop is chosen from the answer: ``has_more`` (the change feed, follow next_cursor while it
    is true), ``next_cursor`` (odds history, until it is null), ``total`` (limit/offset, growing by
    the rows received until offset + rows >= total).
    """
    count = len(data.get("items") or [])
    if data.get("has_more") is False:
        return False
    if "next_cursor" in data:
        cursor = data.get("next_cursor")
        if not cursor:
            return False
        if cursor == query.get("cursor"):
            raise StatlineError("INVALID_RESPONSE", "The server returned the same cursor twice", 0)
        query["cursor"] = cursor
        return True
    if isinstance(data.get("total"), int):
        offset = int(query.get("offset") or 0)
        if count == 0 or offset + count >= data["total"]:
            return False
        query["offset"] = offset + count
        return True
    raise StatlineError("INVALID_RESPONSE", "Not a paged list: no data.total nor data.next_cursor", 0)


class ChangeFeed:
    """Every change after ``cursor`` (oldest first); ``cursor`` then says where to ask for newer ones."""

    def __init__(self, client: "Statline", query: Dict[str, Any]) -> None:
        self._client = client
        self._query = query
        self.cursor: Optional[str] = query.get("cursor")

    def __iter__(self) -> Iterator[Change]:
        for page in self._client.pages("/v1/changes", **self._query):
            self.cursor = page["data"]["next_cursor"]
            yield from page["data"]["items"]


class Replays:
    """The replay sandbox (/sandbox/v1): replay a finished contest to this account's stream and webhooks."""

    def __init__(self, client: "Statline") -> None:
        self._client = client

    def start(self, contest_id: Union[str, int], speed: int = 1) -> Replay:
        body = {"contest_id": str(contest_id), "speed": speed}
        return cast(Replay, self._client.request("POST", "/sandbox/v1/replays", body=body)["data"])

    def get(self, replay_id: str) -> Replay:
        return cast(Replay, self._client.request("GET", f"/sandbox/v1/replays/{replay_id}")["data"])

    def list(self) -> List[Replay]:
        return cast(List[Replay], self._client.request("GET", "/sandbox/v1/replays")["data"]["items"])

    def cancel(self, replay_id: str) -> Replay:
        return cast(Replay, self._client.request("DELETE", f"/sandbox/v1/replays/{replay_id}")["data"])


class Statline(Operations):
    """``Statline(base_url=..., api_key=...)``; without them STATLINE_BASE_URL and STATLINE_API_KEY.

    ``retry=None`` turns retries off; ``timeout`` is per attempt, in seconds.
    """

    def __init__(
        self,
        base_url: Optional[str] = None,
        api_key: Optional[str] = None,
        *,
        retry: Optional[_http.RetryOptions] = _http.RetryOptions(),
        timeout: float = 30.0,
    ) -> None:
        self.base_url = (base_url or os.environ.get(BASE_URL_ENV) or DEFAULT_BASE_URL).rstrip("/")
        self.api_key = api_key if api_key is not None else os.environ.get(API_KEY_ENV)
        self.retry = retry
        self.timeout = timeout
        self.replays = Replays(self)

    def _headers(self) -> Dict[str, str]:
        headers = {"Accept": "application/json", "User-Agent": f"statline-python/{SDK_VERSION}"}
        if self.api_key:
            headers["X-API-Key"] = self.api_key
        return headers

    def request(
        self, method: str, path: str, query: Optional[Query] = None, body: Optional[Any] = None
    ) -> Dict[str, Any]:
        """Any call: the parsed success body, or StatlineError. Only GET is retried by default."""
        headers = self._headers()
        data = None
        if body is not None:
            data = json.dumps(body).encode("utf-8")
            headers["Content-Type"] = "application/json"
        retry = self.retry if method in ("GET", "HEAD") else None
        url = _http.with_query(self.base_url, path, query)
        res = _http.request(method, url, headers, data, self.timeout, retry)
        return cast(Dict[str, Any], res.json())

    def _get(self, path: str, query: Mapping[str, Any]) -> Dict[str, Any]:
        return self.request("GET", path, query)

    def get(self, path: str, **query: Any) -> Dict[str, Any]:
        """GET a /v1 path: ``client.get("/v1/persons", q="mbappe")``."""
        return self._get(path, query)

    def pages(self, path: str, **query: Any) -> Iterator[Dict[str, Any]]:
        """Each whole answer of a paged list, page by page (offset, cursor or the change feed)."""
        q: Dict[str, Any] = {k: v for k, v in query.items() if v is not None}
        for _ in range(MAX_PAGES):
            page = self._get(path, dict(q))
            yield page
            if not next_query(q, page["data"]):
                return

    def paginate(self, path: str, **query: Any) -> Iterator[Dict[str, Any]]:
        """Every item of a paged list, in order; breaking out of the loop stops fetching."""
        for page in self.pages(path, **query):
            yield from page["data"].get("items") or []

    def changes(
        self,
        cursor: Optional[str] = None,
        *,
        types: Optional[Sequence[str]] = None,
        competition: Optional[Union[str, int]] = None,
        contest: Optional[Union[str, int]] = None,
        limit: Optional[int] = None,
    ) -> ChangeFeed:
        """The change feed from ``cursor`` to the newest change; keep ``feed.cursor`` for next time."""
        query = {"cursor": cursor, "types": types, "competition": competition, "contest": contest, "limit": limit}
        return ChangeFeed(self, {k: v for k, v in query.items() if v is not None})

    def stream(
        self,
        *,
        types: Optional[Sequence[str]] = None,
        competition: Optional[Union[str, int]] = None,
        contest: Optional[Union[str, int]] = None,
        last_event_id: Optional[str] = None,
        max_reconnects: Optional[int] = None,
        read_timeout: float = 60.0,
    ) -> Iterator[Change]:
        """Live changes from GET /v1/stream, typed. A dropped connection is resumed with
        Last-Event-ID after the server's retry hint, so no change is missed or repeated;
        ``max_reconnects`` bounds the reconnects (None: forever). An ``event: error`` frame
        (key revoked, quota spent) raises StatlineError."""
        state = SseState(last_event_id=last_event_id)
        query = {"types": types, "competition": competition, "contest": contest}
        reconnects = 0
        while True:
            headers = {**self._headers(), "Accept": "text/event-stream"}
            if state.last_event_id:
                headers["Last-Event-ID"] = state.last_event_id
            req = urllib.request.Request(_http.with_query(self.base_url, "/v1/stream", query), headers=headers)
            try:
                with urllib.request.urlopen(req, timeout=read_timeout) as res:
                    for event in parse(res, state):
                        yield cast(Change, decode(event))
            except urllib.error.HTTPError as err:
                error = error_from_response(err.code, err.reason, dict(err.headers.items()), err.read())
                if not error.retryable:
                    raise error from None
                state.retry_s = float(error.retry_after or state.retry_s)
            except (urllib.error.URLError, OSError):
                pass  # the connection dropped: resume after the last change seen
            if max_reconnects is not None and reconnects >= max_reconnects:
                return
            reconnects += 1
            time.sleep(state.retry_s)
