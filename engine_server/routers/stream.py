"""SSE: ``POST /v1/evaluate/stream`` (a streaming-session simulation over a complete text)."""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter, Depends, Request
from fastapi.sse import EventSourceResponse, ServerSentEvent

from engine_core import Engine

from ..dependencies import get_engine
from ..error_mapping import ERROR_RESPONSES
from ..licensing import engine_for_request
from ..models import StreamChunkResultModel, StreamRequest
from ..offload import run_engine_work
from ..responses import dumps
from ..stream_events import stream_events

__all__ = ["prepare_stream", "router"]

router = APIRouter(tags=["stream"])

StreamEvents = Iterator[dict[str, Any]]


#: Events are computed on a worker thread in batches of this many (the simulation pushes
#: a text in small pieces: even a short text costs more than a scan of it).
_BATCH_EVENTS = 256


def _until_end(first: dict[str, Any] | None, events: Iterator[dict[str, Any]]) -> StreamEvents:
    """Yield the events up to and including the final or blocked one, never after."""
    event = first
    while event is not None:
        if event.get("blocked"):
            # A blocked event releases nothing and ends the stream (fail closed).
            yield {**event, "text": "", "is_final": True}
            return
        yield event
        if event.get("is_final"):
            return
        event = next(events, None)


def _take(events: StreamEvents, count: int) -> list[dict[str, Any]]:
    return list(itertools.islice(events, count))


@dataclass
class PreparedStream:
    """A started simulation: its events, computed off the event loop."""

    events: StreamEvents

    async def __aiter__(self) -> AsyncIterator[dict[str, Any]]:
        while batch := await run_engine_work(None, _take, self.events, _BATCH_EVENTS):
            for event in batch:
                yield event


async def prepare_stream(
    body: StreamRequest, request: Request, engine: Engine = Depends(get_engine)
) -> PreparedStream:
    """Start the simulated stream before the 200 is sent, so start-up errors get their status."""
    active = engine_for_request(request, engine, body.license_key)
    events = iter(
        stream_events(
            active,
            body.text,
            chunk_size=body.chunk_size,
            lookahead_chars=body.lookahead_chars,
            block_on_fatal=body.block_on_fatal,
        )
    )
    first = await run_engine_work(None, next, events, None)
    return PreparedStream(_until_end(first, events))


@router.post(
    "/v1/evaluate/stream",
    response_class=EventSourceResponse,
    responses=ERROR_RESPONSES,
    summary="Stream a text through a streaming session (SSE)",
)
async def evaluate_stream(
    stream: PreparedStream = Depends(prepare_stream),
) -> AsyncIterator[StreamChunkResultModel]:
    """Send one ``data: <StreamChunkResult>`` event per released chunk."""
    async for event in stream:
        chunk = StreamChunkResultModel.model_validate(event)
        # ASCII escapes, as REST answers: a lone surrogate in the text cannot break the stream.
        # FastAPI sends a ServerSentEvent as it is; the annotation documents its data.
        yield ServerSentEvent(raw_data=dumps(chunk.model_dump()).decode("ascii"))  # type: ignore[misc]
