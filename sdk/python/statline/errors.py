"""The one error every failed call raises: the API's ``{"error": {"code", "message"}}`` and what a caller needs."""

from __future__ import annotations

import email.utils
import json
import time
from typing import Any, Mapping, Optional


class StatlineError(Exception):
    """``code`` is the API's error.code (UNAUTHORIZED, RATE_LIMITED, ...), or NETWORK_ERROR / HTTP_<status>."""

    def __init__(
        self,
        code: str,
        message: str,
        status: int,
        request_id: Optional[str] = None,
        retry_after: Optional[int] = None,
    ) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        #: HTTP status; 0 when no response arrived.
        self.status = status
        #: X-Request-Id of the failed response: quote it when reporting a problem.
        self.request_id = request_id
        #: Seconds from Retry-After, when the server sent one.
        self.retry_after = retry_after

    @property
    def retryable(self) -> bool:
        """Rate limits, unavailable backends, no connection; never AUTH_THROTTLED (fix the key)."""
        if self.code == "AUTH_THROTTLED":
            return False
        return self.status in (0, 429, 503)


def parse_retry_after(value: Optional[str], now: Optional[float] = None) -> Optional[int]:
    """Retry-After as seconds: delta-seconds or an HTTP date (RFC 9110 §10.2.3); None when absent or unreadable."""
    if value is None or not value.strip():
        return None
    if value.strip().isdigit():
        return int(value.strip())
    try:
        at = email.utils.parsedate_to_datetime(value).timestamp()
    except (TypeError, ValueError):
        return None
    return max(0, int(-(-(at - (now if now is not None else time.time())) // 1)))


def error_from_response(status: int, reason: str, headers: Mapping[str, str], body: bytes) -> StatlineError:
    """The error for a non-2xx answer, from its JSON body when it is the API's shape."""
    code, message = f"HTTP_{status}", f"HTTP {status} {reason}".strip()
    try:
        parsed: Any = json.loads(body.decode("utf-8")) if body else None
    except (UnicodeDecodeError, ValueError):
        parsed = None
    error = parsed.get("error") if isinstance(parsed, dict) else None
    if isinstance(error, dict):
        if isinstance(error.get("code"), str):
            code = error["code"]
        if isinstance(error.get("message"), str):
            message = error["message"]
    lower = {k.lower(): v for k, v in headers.items()}
    return StatlineError(
        code,
        message,
        status,
        request_id=lower.get("x-request-id"),
        retry_after=parse_retry_after(lower.get("retry-after")),
    )
