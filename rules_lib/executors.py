"""Where batch games are played: in this process, in local processes, or on a Dask cluster.

Batch play is split into *seed blocks* (a run of consecutive seeds at one design point). Each game
depends only on its own seed and design, and the results are put back in (point, seed) order, so a
DataFrame is identical whichever executor plays it and however many workers it has.

* :class:`InProcess` plays the blocks one after another here (the default; interruptible per game).
* :class:`LocalProcesses` uses a standard-library process pool on this machine.
* :class:`DaskExecutor` uses ``dask.distributed``: an existing ``Client``, a remote scheduler by
  address (``"tcp://host:8786"``; the workers must have ``rules_lib`` installed), or a
  ``LocalCluster`` it starts on 127.0.0.1. Install with ``pip install rules-explorer[cluster]``.

:func:`get_executor` turns a short text (``"processes:4"``, ``"dask:2"``, ``"tcp://..."``) into one.
"""
from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Protocol, Self, TypeVar, runtime_checkable

T = TypeVar("T")
MAX_WORKERS = 256  # local workers: a typo such as processes:4000 would start that many
R = TypeVar("R")


@runtime_checkable
class Executor(Protocol):  # pragma: no mutate block (mutmut would add members to the protocol)
    """Runs a function over seed blocks and yields each block's result as soon as it is done."""

    workers: int

    def map_unordered(self, fn: Callable[..., R], tasks: Iterable[T],
                      on_game: Callable[[], None] | None = None,
                      shared: Any = None) -> Iterator[R]:
        """Results of ``fn(task)`` in completion order; stops cleanly when the consumer stops.

        ``shared`` (one object every task reads, such as an analysed position) is given to each
        call as ``fn(task, shared)``, sent to each worker once where the executor can."""
        ...

    def close(self) -> None:
        """Release what this executor started (not what it was given)."""
        ...


class InProcess:
    """Play every block here, one after another; ``on_game`` ticks after each game."""

    workers = 1

    def map_unordered(self, fn, tasks, on_game=None, shared=None):
        for task in tasks:
            yield fn(task, *_shared_args(shared), on_game=on_game)

    def close(self) -> None:
        pass

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return "InProcess()"


class LocalProcesses:
    """A standard-library process pool on this machine (``spawn`` start: safe in notebooks)."""

    def __init__(self, workers: int | None = None, start_method: str = "spawn") -> None:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        self.workers = workers or os.cpu_count() or 1
        self._pool = ProcessPoolExecutor(self.workers,
                                         mp_context=multiprocessing.get_context(start_method))

    def map_unordered(self, fn, tasks, on_game=None, shared=None):
        from concurrent.futures import as_completed

        # a process pool pickles ``shared`` with each task (a few kB for a position)
        futures = [self._pool.submit(fn, task, *_shared_args(shared)) for task in tasks]
        try:
            for fut in as_completed(futures):
                yield fut.result()
        finally:
            for fut in futures:
                fut.cancel()

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"LocalProcesses(workers={self.workers})"


# Dask settings for the LocalCluster a DaskExecutor starts. A batch task is pure Python that
# holds the GIL for seconds; each of these wakes a thread in the worker that must take the GIL
# from the game, which costs a 1-worker cluster about 7% of its games/s against in-process play
# (measured on 2,000 Ginormopod games). Lengthened, not switched off, except the profiler.
BATCH_CLUSTER_CONFIG: dict[str, Any] = {
    "distributed.worker.profile.enabled": False,  # samples the game's stack every 10 ms
    "distributed.admin.tick.interval": "500ms",  # event-loop health check, every 20 ms
    "distributed.admin.system-monitor.interval": "2s",  # CPU / memory / network, every 500 ms
    "distributed.worker.memory.monitor-interval": "1s",  # the Nanny's memory check, every 100 ms
}


CONNECT_TIMEOUT = "10s"  # how long to wait for a remote scheduler before saying it is unreachable


class DaskExecutor:
    """Blocks as tasks on a ``dask.distributed`` cluster.

    ``DaskExecutor(client)`` uses a Client you made (and leaves it open); ``DaskExecutor(address=
    "tcp://host:8786")`` connects to a running scheduler; ``DaskExecutor(workers=2)`` starts a
    LocalCluster of single-threaded worker processes on 127.0.0.1 with ``BATCH_CLUSTER_CONFIG``
    and closes it on ``close()``. (A cluster you start yourself keeps your Dask settings; for
    batch play, set the same ones in its configuration.)
    """

    def __init__(self, client: Any = None, *, address: str | None = None,
                 workers: int | None = None, threads_per_worker: int = 1) -> None:
        distributed = _import_distributed()
        self._owned: list[Any] = []
        if client is None and address is not None:
            try:
                client = distributed.Client(address, timeout=CONNECT_TIMEOUT)
            except (OSError, TimeoutError) as exc:
                raise ValueError(f"cannot reach the Dask scheduler at {address} within "
                                 f"{CONNECT_TIMEOUT} ({type(exc).__name__}: {exc}); is it "
                                 "running, and is the address right?") from None
            self._owned.append(client)
        elif client is None:
            import dask

            with dask.config.set(BATCH_CLUSTER_CONFIG):  # the Nannies hand it to their workers
                cluster = distributed.LocalCluster(
                    n_workers=workers or os.cpu_count() or 1,
                    threads_per_worker=threads_per_worker, processes=True, host="127.0.0.1",
                    # dashboard_address=None still serves HTTP on all interfaces (dask/distributed
                    # #8136): bind it to loopback on a free port and switch the dashboard off
                    dashboard_address="127.0.0.1:0", scheduler_kwargs={"dashboard": False})
            client = distributed.Client(cluster)
            self._owned += [client, cluster]
            client.wait_for_workers(len(cluster.workers))
        self.client = client

    @property
    def workers(self) -> int:
        """Worker threads on the cluster now (sets the block size only, never the results)."""
        return max(1, sum(self.client.nthreads().values()))

    def map_unordered(self, fn, tasks, on_game=None, shared=None):
        from distributed import as_completed

        tasks = list(tasks)
        args = []
        if shared is not None:  # sent to every worker once, not pickled into every task
            args = [[self.client.scatter(shared, broadcast=True)] * len(tasks)]
        futures = self.client.map(fn, tasks, *args, pure=False)
        try:
            for fut in as_completed(futures):
                yield fut.result()
        finally:
            self.client.cancel(futures)

    def close(self) -> None:
        for thing in self._owned:
            thing.close()
        self._owned = []

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"DaskExecutor({self.client!r})"


def _shared_args(shared: Any) -> tuple[Any, ...]:
    """The arguments after the task: the shared object, if there is one."""
    return () if shared is None else (shared,)


def _import_distributed():
    try:
        import distributed
    except ImportError as exc:
        raise ImportError("a Dask executor needs dask.distributed: "
                          "pip install 'rules-explorer[cluster]'") from exc
    return distributed


def get_executor(spec: Any = None) -> tuple[Executor, bool]:
    """An executor from a spec, and whether the caller must close it (it made it).

    None / "inprocess"; "processes" or "processes:N"; "dask" or "dask:N" (a LocalCluster of N
    workers); "tcp://host:port" (a remote scheduler); a ``distributed.Client``; or an Executor.
    """
    if spec is None or spec == "inprocess":
        return InProcess(), True
    if isinstance(spec, str):
        kind, _, count = spec.partition(":")
        if "://" in spec:
            return DaskExecutor(address=spec), True
        if kind in ("processes", "dask"):
            if count and not count.isdigit():
                raise ValueError(f"executor {spec!r}: the worker count must be a whole number")
            n = int(count) if count else None
            if n is not None and not 1 <= n <= MAX_WORKERS:
                raise ValueError(f"executor {spec!r}: give 1 to {MAX_WORKERS} workers")
            return (LocalProcesses(n) if kind == "processes" else DaskExecutor(workers=n)), True
        raise ValueError(f"unknown executor {spec!r}; use inprocess, processes[:N], dask[:N] "
                         "or a scheduler address tcp://host:port")
    if type(spec).__name__ == "Client" and hasattr(spec, "scheduler_info"):
        return DaskExecutor(spec), True  # closing the wrapper leaves the user's Client open
    if isinstance(spec, Executor):
        return spec, False
    raise TypeError(f"not an executor: {spec!r}")
