"""Announcing events to subscribers, in order, without letting one break the table.

A subscriber is a callable taking one event.  A plain function runs at once; a
coroutine function's coroutines are awaited one after another by that subscriber's own
task, so a slow Discord message never holds up a table or reorders its events.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
from collections.abc import Awaitable, Callable
from typing import Any

log = logging.getLogger(__name__)
Handler = Callable[[Any], Awaitable[None] | None]


class _Subscriber:
    def __init__(self, handler: Handler) -> None:
        self.handler = handler
        self.queue: asyncio.Queue[Awaitable[Any]] | None = None
        self.task: asyncio.Task[None] | None = None

    def deliver(self, event: Any) -> None:
        try:
            result = self.handler(event)
        except Exception:
            log.exception("subscriber %r failed on %r", self.handler, event)
            return
        if inspect.isawaitable(result):
            if self.queue is None:
                self.queue = asyncio.Queue()
                self.task = asyncio.create_task(self._pump(self.queue))
            self.queue.put_nowait(result)

    async def _pump(self, queue: asyncio.Queue[Awaitable[Any]]) -> None:
        while True:
            pending = await queue.get()
            try:
                await pending
            except Exception:
                log.exception("subscriber %r failed", self.handler)
            finally:
                queue.task_done()

    async def drain(self) -> None:
        if self.queue is not None:
            await self.queue.join()

    def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
        if self.queue is not None:
            while not self.queue.empty():  # close coroutines never awaited: no warnings
                pending = self.queue.get_nowait()
                if inspect.iscoroutine(pending):
                    pending.close()


class EventBus:
    def __init__(self) -> None:
        self._subscribers: list[_Subscriber] = []

    def subscribe(self, handler: Handler) -> Callable[[], None]:
        """Receive every event from now on; returns a function that unsubscribes."""
        subscriber = _Subscriber(handler)
        self._subscribers.append(subscriber)

        def unsubscribe() -> None:
            if subscriber in self._subscribers:
                self._subscribers.remove(subscriber)
                subscriber.stop()

        return unsubscribe

    def publish(self, event: Any) -> None:
        for subscriber in list(self._subscribers):
            subscriber.deliver(event)

    async def drain(self) -> None:
        """Wait until every async subscriber has handled what was published so far."""
        for subscriber in list(self._subscribers):
            await subscriber.drain()

    async def close(self) -> None:
        await self.drain()
        for subscriber in self._subscribers:
            subscriber.stop()
        self._subscribers.clear()
