"""Statline's Python SDK: standard library only, generated from the same OpenAPI document as the
TypeScript SDK. ``Statline`` (sync) and ``AsyncStatline`` (asyncio); see sdk/README.md."""

from ._generated import API_VERSION, SDK_VERSION
from ._http import RetryInfo, RetryOptions
from .aio import AsyncStatline
from .changes import Change, Replay
from .client import ChangeFeed, Statline
from .errors import StatlineError, parse_retry_after

__version__ = SDK_VERSION
__all__ = [
    "API_VERSION",
    "AsyncStatline",
    "Change",
    "ChangeFeed",
    "Replay",
    "RetryInfo",
    "RetryOptions",
    "Statline",
    "StatlineError",
    "parse_retry_after",
]
