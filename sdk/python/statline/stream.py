"""Server-Sent Events of GET /v1/stream: a parser, and the loop that reconnects with Last-Event-ID."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Iterable, Iterator, List, Optional

from .errors import StatlineError


@dataclass
class Event:
    id: Optional[str] = None
    event: str = "message"
    data: List[str] = field(default_factory=list)


@dataclass
class SseState:
    """What survives a reconnect: the last change id seen and the server's retry hint."""

    last_event_id: Optional[str] = None
    retry_s: float = 3.0


def parse(lines: Iterable[bytes], state: SseState) -> Iterator[Event]:
    """Events of an SSE byte stream (WHATWG HTML §9.2.6), line by line; comments (heartbeats) skipped."""
    current = Event()
    for raw in lines:
        line = raw.decode("utf-8").rstrip("\r\n")
        if line == "":
            if current.data:
                if current.id is not None:
                    state.last_event_id = current.id
                yield current
            current = Event()
            continue
        if line.startswith(":"):
            continue
        name, _, value = line.partition(":")
        value = value[1:] if value.startswith(" ") else value
        if name == "id":
            current.id = value
        elif name == "event":
            current.event = value
        elif name == "data":
            current.data.append(value)
        elif name == "retry" and value.isdigit():
            state.retry_s = int(value) / 1000


def decode(event: Event) -> object:
    """The change of a data frame; an ``event: error`` frame raises its StatlineError."""
    payload = json.loads("\n".join(event.data))
    if event.event == "error":
        error = payload.get("error", {}) if isinstance(payload, dict) else {}
        raise StatlineError(str(error.get("code", "STREAM_ERROR")), str(error.get("message", "")), 200)
    return payload
