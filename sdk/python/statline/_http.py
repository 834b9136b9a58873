"""One HTTP exchange with retries: 429 and 503 after Retry-After (or back-off), connection failures after back-off."""

from __future__ import annotations

import json
import random
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Mapping, Optional

from .errors import StatlineError, error_from_response, parse_retry_after

#: Only these statuses are retried; any other 4xx is the caller's mistake.
RETRY_STATUSES = frozenset({429, 503})
#: Never retried whatever the status: only a correct key helps, and each retry extends the wait.
NOT_RETRIED_CODES = frozenset({"AUTH_THROTTLED"})


@dataclass
class RetryInfo:
    attempt: int
    delay_s: float
    #: HTTP status that caused the retry; 0 for a network error.
    status: int
    url: str


@dataclass
class RetryOptions:
    """``max_retries`` after the first attempt; a Retry-After above ``max_delay_s`` is not slept on."""

    max_retries: int = 3
    base_delay_s: float = 0.5
    max_delay_s: float = 60.0
    on_retry: Optional[Callable[[RetryInfo], None]] = None


@dataclass
class Response:
    status: int
    headers: Dict[str, str]
    body: bytes = field(repr=False)

    def json(self) -> Any:
        return json.loads(self.body.decode("utf-8"))


def _backoff(base: float, attempt: int) -> float:
    """Full-jitter exponential back-off: uniform in [base*2^n / 2, base*2^n]."""
    ceiling = base * 2**attempt
    return ceiling / 2 + random.random() * ceiling / 2


def _code_of(body: bytes) -> Optional[str]:
    try:
        parsed = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return None
    error = parsed.get("error") if isinstance(parsed, dict) else None
    return error.get("code") if isinstance(error, dict) and isinstance(error.get("code"), str) else None


def send_once(
    method: str, url: str, headers: Mapping[str, str], body: Optional[bytes], timeout: float
) -> Response:
    """One request; HTTP errors are answers (returned), connection failures raise NETWORK_ERROR."""
    req = urllib.request.Request(url, data=body, method=method, headers=dict(headers))
    try:
        with urllib.request.urlopen(req, timeout=timeout) as res:
            return Response(res.status, dict(res.headers.items()), res.read())
    except urllib.error.HTTPError as err:
        return Response(err.code, dict(err.headers.items()) if err.headers else {}, err.read())
    except (urllib.error.URLError, OSError) as err:
        reason = getattr(err, "reason", err)
        raise StatlineError("NETWORK_ERROR", f"{method} {url} failed: {reason}", 0) from err


def request(
    method: str,
    url: str,
    headers: Mapping[str, str],
    body: Optional[bytes],
    timeout: float,
    retry: Optional[RetryOptions],
    sleep: Callable[[float], None] = time.sleep,
) -> Response:
    """The answer, after retries; a non-2xx that is not retried (or is the last) raises StatlineError."""
    opts = retry or RetryOptions(max_retries=0)
    attempt = 0
    while True:
        try:
            res = send_once(method, url, headers, body, timeout)
        except StatlineError:
            if attempt >= opts.max_retries:
                raise
            delay = min(_backoff(opts.base_delay_s, attempt), opts.max_delay_s)
            attempt += 1
            if opts.on_retry:
                opts.on_retry(RetryInfo(attempt, delay, 0, url))
            sleep(delay)
            continue
        if 200 <= res.status < 300 or res.status == 304:
            return res
        error = error_from_response(res.status, "", res.headers, res.body)
        if res.status not in RETRY_STATUSES or attempt >= opts.max_retries:
            raise error
        if _code_of(res.body) in NOT_RETRIED_CODES:
            raise error
        after = parse_retry_after({k.lower(): v for k, v in res.headers.items()}.get("retry-after"))
        delay = _backoff(opts.base_delay_s, attempt) if after is None else float(after)
        if delay > opts.max_delay_s:
            raise error
        attempt += 1
        if opts.on_retry:
            opts.on_retry(RetryInfo(attempt, delay, res.status, url))
        sleep(delay)


def with_query(base: str, path: str, query: Optional[Mapping[str, Any]]) -> str:
    """``base + path`` with the query's non-None values (booleans as true/false)."""
    pairs = []
    for name, value in (query or {}).items():
        if value is None:
            continue
        if isinstance(value, bool):
            value = "true" if value else "false"
        elif isinstance(value, (list, tuple)):
            value = ",".join(str(v) for v in value)
        pairs.append((name, str(value)))
    qs = urllib.parse.urlencode(pairs)
    return base.rstrip("/") + path + (f"?{qs}" if qs else "")
