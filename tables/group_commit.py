"""Group commit, for both stores: steps that arrive while a transaction runs are
committed together in the next one, so two hundred busy tables cost a handful of
transactions, not two hundred.  Each store brings its transaction and the error by
which its database names a conflicting write; that write then fails alone."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from tables import store_file

if TYPE_CHECKING:
    from tables.store import Write

Batch = list[tuple["Write", asyncio.Future[None]]]


class GroupCommit:
    def __init__(
        self,
        lock: asyncio.Lock,
        transaction: Callable[[list[Write]], Awaitable[None]],
        conflict: type[Exception],
    ) -> None:
        self._lock = lock  # the store's: one transaction at a time
        self._transaction = transaction
        self._conflict = conflict
        self._pending: Batch = []
        self._flusher: asyncio.Task[None] | None = None

    def submit(self, write: Write) -> asyncio.Future[None]:
        """Queue one step for the next commit; the future is done once it is durable
        (or fails with StoreUnavailable, and then nothing of it was written)."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((write, future))
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.create_task(self._flush())
        return future

    async def commit(self, write: Write) -> None:
        """Commit one step and wait until it is durable."""
        # Shielded: a caller that gives up waiting must not cancel the commit.
        await asyncio.shield(self.submit(write))

    async def drain(self) -> None:
        """Wait until every step submitted so far is committed (or has failed)."""
        while self._flusher is not None and not self._flusher.done():
            await asyncio.shield(self._flusher)

    async def _flush(self) -> None:
        batch: Batch = []
        try:
            async with self._lock:
                while self._pending:
                    batch, self._pending = self._pending, []
                    await self._commit(batch)
        except asyncio.CancelledError:  # shut down meanwhile: every waiter must hear back
            for _, future in batch + self._pending:
                settle(future, ConnectionAbortedError("the store was closed"))
            self._pending = []
            raise

    async def _commit(self, batch: Batch) -> None:
        try:
            await self._transaction([w for w, _ in batch])
        except self._conflict as e:
            if len(batch) == 1:
                settle(batch[0][1], e)
                return
            for one in batch:  # find the write that conflicts
                await self._commit([one])
        except Exception as e:  # every waiter must hear back, whatever went wrong
            for _, future in batch:
                settle(future, e)
        else:
            for _, future in batch:
                settle(future, None)


def settle(future: asyncio.Future[None], error: BaseException | None) -> None:
    if future.done():
        return
    if error is None:
        future.set_result(None)
    else:
        future.set_exception(store_file.store_error(error))
