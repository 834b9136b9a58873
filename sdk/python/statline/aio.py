"""The asyncio client: the same calls as ``Statline``, awaited (each runs in a worker thread, so the
event loop never blocks on the network and nothing outside the standard library is needed)."""

from __future__ import annotations

import asyncio
from typing import Any, AsyncIterator, Dict, List, Mapping, Optional, Sequence, Union

from . import _http
from ._generated import AsyncOperations
from .changes import Change, Replay
from .client import MAX_PAGES, Query, Statline, next_query

_DONE = object()


class AsyncReplays:
    def __init__(self, sync: Statline) -> None:
        self._sync = sync

    async def start(self, contest_id: Union[str, int], speed: int = 1) -> Replay:
        return await asyncio.to_thread(self._sync.replays.start, contest_id, speed)

    async def get(self, replay_id: str) -> Replay:
        return await asyncio.to_thread(self._sync.replays.get, replay_id)

    async def list(self) -> List[Replay]:
        return await asyncio.to_thread(self._sync.replays.list)

    async def cancel(self, replay_id: str) -> Replay:
        return await asyncio.to_thread(self._sync.replays.cancel, replay_id)


class AsyncStatline(AsyncOperations):
    """``async with AsyncStatline(base_url=..., api_key=...) as client: await client.get_persons(q=...)``."""

    def __init__(
        self,
        base_url: Optional[str] = None,
        api_key: Optional[str] = None,
        *,
        retry: Optional[_http.RetryOptions] = _http.RetryOptions(),
        timeout: float = 30.0,
    ) -> None:
        self.sync = Statline(base_url, api_key, retry=retry, timeout=timeout)
        self.replays = AsyncReplays(self.sync)

    async def __aenter__(self) -> "AsyncStatline":
        return self

    async def __aexit__(self, *exc: object) -> None:
        return None

    async def request(
        self, method: str, path: str, query: Optional[Query] = None, body: Optional[Any] = None
    ) -> Dict[str, Any]:
        return await asyncio.to_thread(self.sync.request, method, path, query, body)

    async def _get(self, path: str, query: Mapping[str, Any]) -> Dict[str, Any]:
        return await self.request("GET", path, query)

    async def get(self, path: str, **query: Any) -> Dict[str, Any]:
        return await self._get(path, query)

    async def pages(self, path: str, **query: Any) -> AsyncIterator[Dict[str, Any]]:
        q: Dict[str, Any] = {k: v for k, v in query.items() if v is not None}
        for _ in range(MAX_PAGES):
            page = await self._get(path, dict(q))
            yield page
            if not next_query(q, page["data"]):
                return

    async def paginate(self, path: str, **query: Any) -> AsyncIterator[Dict[str, Any]]:
        async for page in self.pages(path, **query):
            for item in page["data"].get("items") or []:
                yield item

    async def changes(self, cursor: Optional[str] = None, **filters: Any) -> AsyncIterator[Change]:
        """Every change after ``cursor``; the last page's next_cursor is ``self.cursor`` afterwards."""
        async for page in self.pages("/v1/changes", cursor=cursor, **filters):
            self.cursor: Optional[str] = page["data"]["next_cursor"]
            for change in page["data"]["items"]:
                yield change

    async def stream(self, **options: Any) -> AsyncIterator[Change]:
        """``Statline.stream`` (Last-Event-ID reconnects, typed changes), read in a worker thread."""
        it = self.sync.stream(**options)
        while True:
            change = await asyncio.to_thread(next, it, _DONE)
            if change is _DONE:
                return
            yield change  # type: ignore[misc]
