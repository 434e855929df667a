"""Run a build's independent jobs on every core, in forked worker processes.

A job is any callable returning picklable results (bytes of output files, manifest
entries). Workers are forked from the building process, so they start with everything
already in memory (the loaded games, drawn pieces, imported backends) and nothing is
sent to them but a job's number, one job at a time, as each worker finishes its last;
only results come back. Each job's output depends
only on its own inputs, so the files are the same bytes whatever the number of workers
or the order in which jobs finish. Problems in the data (``DataError``) are collected
from every job and raised together, as a sequential build would.

The pool is small and explicit rather than ``concurrent.futures``: an interrupted or
failed build must stop its workers at once (they are killed, never waited for), and a
worker must die with its parent (a killed build leaves no process behind). Workers are
used where ``fork`` exists (Linux, macOS); elsewhere, or with one worker, the jobs run
one after another in this process.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import selectors
import signal
import struct
import sys
import threading
import traceback
from collections.abc import Callable, Collection, Generator, Sequence
from functools import partial
from typing import Any

from printkit.errors import DataError, Problem
from printkit.teststop import stop_at

_JOBS: Sequence[Callable[[], Any]] = ()
"""The jobs of the running ``run_all``: forked workers find them here (they are never pickled)."""

_INDEX = struct.Struct("<I")  # a job's number on a worker's task pipe
_FRAME = struct.Struct("<Q")  # the length of a pickled result on a result pipe

OK, BAD_DATA, CRASHED = 0, 1, 2


class WorkerError(RuntimeError):
    """A job failed in a worker with an exception other than bad data (a bug).

    ``kind`` is the name of the exception's type (``RecursionError``, ``MemoryError`` or another)
    and ``trace`` the worker's traceback, kept for the bug report rather than printed."""

    def __init__(self, message: str, kind: str = "", trace: str = "") -> None:
        super().__init__(message)
        self.kind = kind
        self.trace = trace


def cpu_workers() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def _call(index: int) -> tuple[int, Any]:
    """Run job ``index``: (OK, result), (BAD_DATA, problems) or (CRASHED, traceback text).

    A DataError travels as its problems: the exception itself does not survive pickling."""
    try:
        return OK, _JOBS[index]()
    except DataError as err:
        return BAD_DATA, err.problems
    except Exception as exc:  # noqa: BLE001 (any bug in a job travels back as its traceback)
        return CRASHED, (type(exc).__name__, str(exc).splitlines()[0][:200] if str(exc) else "", traceback.format_exc())


def run_all(
    jobs: Sequence[Callable[[], Any]],
    workers: int,
    weights: Sequence[float] | None = None,
    started: Callable[[int], None] | None = None,
    done: Callable[[int], None] | None = None,
    groups: Sequence[object] | None = None,
    kept: Collection[object] = (),
) -> list[Any]:
    """Every job's result, in the order of ``jobs``.

    ``weights`` (rough costs) start the heaviest jobs first, so the longest one does not
    start last; ``started(i)`` and ``done(i)`` are called in this process as a worker
    takes job ``i`` and as it finishes it (for progress messages). ``groups`` (a key per job):
    the jobs of a group share a costly start that each process pays once (a game drawn in a
    worker), so a worker keeps to the groups it has begun (see :class:`Queue`); the groups in ``kept`` are
    never helped with: only the worker that began one takes its jobs.
    """
    global _JOBS
    order = sorted(range(len(jobs)), key=lambda i: -weights[i]) if weights else list(range(len(jobs)))
    queue = Queue(order, groups, kept)
    results: list[Any] = [None] * len(jobs)
    failed: dict[int, list[Problem]] = {}
    outer, _JOBS = _JOBS, jobs  # a job may run jobs of its own (one game's outputs, in a worker)
    try:
        outcomes: Generator[tuple[int, tuple[int, Any] | None], None, None]
        if workers <= 1 or len(jobs) <= 1 or not hasattr(os, "fork"):
            outcomes = (pair for i in iter(partial(queue.take, 0), None) for pair in ((i, None), (i, _call(i))))
        else:
            outcomes = _forked(queue, min(workers, len(jobs)))
        with contextlib.closing(outcomes):  # stopping early (an error, Ctrl+C) kills the workers now
            for i, outcome in outcomes:
                if outcome is None:
                    if started:
                        started(i)
                    continue
                status, value = outcome
                if status == CRASHED:
                    kind, message, trace = value
                    raise WorkerError(f"a build job failed with {kind}: {message}", kind, trace)
                results[i] = value
                if status == BAD_DATA:
                    failed[i] = value
                if done:
                    done(i)
    finally:
        _JOBS = outer
    if failed:
        raise DataError([p for i in sorted(failed) for p in failed[i]])
    return results


class Queue:
    """The jobs not yet taken, heaviest first, and which worker takes which next.

    A worker takes the heaviest job left of a group it has begun; when its groups have none left,
    the heaviest job of a group no worker has begun; only when every group is begun, the heaviest
    job left (helping another worker with its group, so that the workers finish together), but for the
    groups in ``kept``: their start costs more than waiting for the worker that began them, so only that
    worker takes their jobs (a worker with nothing else left ends). Without groups every job is its own
    group: the jobs are taken heaviest first."""

    def __init__(self, order: Sequence[int], groups: Sequence[object] | None = None,
                 kept: Collection[object] = ()) -> None:
        self.left = list(order)
        self.groups: Sequence[object] = groups if groups is not None else range(len(self.left))
        self.kept = frozenset(kept)
        self.begun: dict[int, set[object]] = {}
        """The groups each worker has begun."""

    def take(self, worker: int) -> int | None:
        """The job ``worker`` takes next (None: none left)."""
        if not self.left:
            return None
        mine = self.begun.setdefault(worker, set())
        anyone = set().union(*self.begun.values())
        job = next((i for i in self.left if self.groups[i] in mine), None)
        if job is None:
            job = next((i for i in self.left if self.groups[i] not in anyone), None)
        if job is None:
            job = next((i for i in self.left if self.groups[i] not in self.kept), None)
            if job is None:
                return None
        self.left.remove(job)
        mine.add(self.groups[job])
        return job


def _forked(queue: Queue, workers: int) -> Generator[tuple[int, tuple[int, Any] | None], None, None]:
    """Yield (job number, None) as a worker takes a job and (job number, outcome) as it finishes it;
    every worker is killed if this stops early. Each worker has its own task pipe: it is sent its
    next job as it sends back the outcome of its last, and the pipe is closed when none is left."""
    sys.stdout.flush()  # a forked worker must not write the parent's buffered output again
    sys.stderr.flush()
    pids: list[int] = []
    selector = selectors.DefaultSelector()
    buffers: dict[int, bytearray] = {}
    tasks: dict[int, int] = {}  # a result pipe -> its worker's task pipe (open while the worker has jobs to come)
    worker_of: dict[int, int] = {}  # a result pipe -> its worker's number
    remaining = len(queue.left)
    finished = False
    # Held open by this process alone for as long as the workers live: when it closes (this process ended,
    # even killed), every worker reads its end and ends too (see _watch).
    life_r, life_w = os.pipe()
    try:
        for w in range(workers):
            tasks_r, tasks_w = os.pipe()
            result_r, result_w = os.pipe()
            pid = os.fork()
            if pid == 0:  # the worker: never returns, whatever happens (it must not go on as the parent)
                try:
                    _work(tasks_r, result_w, life_r, parents=(tasks_w, result_r, life_w, *buffers, *tasks.values()))
                finally:
                    os._exit(1)
            os.close(result_w)
            os.close(tasks_r)
            pids.append(pid)
            buffers[result_r] = bytearray()
            tasks[result_r], worker_of[result_r] = tasks_w, w
            _give(queue, w, tasks, result_r)
            selector.register(result_r, selectors.EVENT_READ)
        stop_at("rendering")
        while remaining:
            for key, _ in selector.select():
                fd = key.fd
                chunk = os.read(fd, 1 << 20)
                if not chunk:  # the worker exited: with no job left to give it, or killed
                    selector.unregister(fd)
                    os.close(fd)
                    if fd in tasks:
                        os.close(tasks.pop(fd))
                    if not selector.get_map():
                        raise WorkerError(f"workers stopped with {remaining} build job(s) not done")
                    continue
                buf = buffers[fd]
                buf += chunk
                while len(buf) >= _FRAME.size and len(buf) >= _FRAME.size + _FRAME.unpack_from(buf)[0]:
                    size = _FRAME.unpack_from(buf)[0]
                    index, outcome = pickle.loads(bytes(buf[_FRAME.size:_FRAME.size + size]))
                    del buf[:_FRAME.size + size]
                    if outcome is not None:
                        remaining -= 1
                        _give(queue, worker_of[fd], tasks, fd)  # its next job first: the worker is idle
                    yield index, outcome
        finished = True
    finally:
        for fd in tasks.values():
            os.close(fd)
        for pid in pids:
            # Every job done: the workers are ending on their own (their task pipes are closed), and are
            # let finish (a coverage run saves its data there). Stopped early: they are killed.
            if not finished:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        os.close(life_r)
        os.close(life_w)
        for key in list(selector.get_map().values()):
            os.close(key.fd)
        selector.close()


def _give(queue: Queue, worker: int, tasks: dict[int, int], result_fd: int) -> None:
    """Send ``worker`` its next job, or close its task pipe when none is left (it then exits)."""
    job = queue.take(worker) if result_fd in tasks else None
    if job is None:
        if result_fd in tasks:
            os.close(tasks.pop(result_fd))
        return
    try:
        os.write(tasks[result_fd], _INDEX.pack(job))  # 4 bytes into an empty pipe: never blocks
    except BrokenPipeError:  # the worker was killed: the job is not done, which the end of the workers reports
        os.close(tasks.pop(result_fd))


def _work(tasks: int, results: int, life: int, parents: Sequence[int] = ()) -> None:
    """A worker's life: take job numbers off its task pipe until the pipe is closed, send each outcome back;
    end with the building process (``life``: see :func:`_watch`). ``parents``: the parent's ends of every
    worker's pipes, closed here (a worker holding another's task pipe open would keep that worker waiting for
    jobs after the last)."""
    status = 0
    try:
        for fd in parents:
            os.close(fd)
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the parent's to handle: it kills the workers
        threading.Thread(target=_watch, args=(life,), daemon=True).start()
        with os.fdopen(results, "wb") as out:
            while True:
                raw = os.read(tasks, _INDEX.size)
                if len(raw) < _INDEX.size:
                    break
                (index,) = _INDEX.unpack(raw)
                _send(out, (index, None))
                _send(out, (index, _call(index)))
    except BaseException:  # noqa: BLE001 - a worker must never run the parent's code after this
        status = 1
    finally:
        os._exit(status)


def _send(out: Any, message: tuple[int, tuple[int, Any] | None]) -> None:
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    out.write(_FRAME.pack(len(data)))
    out.write(data)
    out.flush()


def _watch(life: int) -> None:
    """A worker's watch on the building process: the write end of the ``life`` pipe is held by that process
    alone, so reading it returns nothing only once that process has ended, however (a SIGKILL too): then the
    worker ends at once, whatever job it is doing. (A thread waiting on a pipe, rather than asking the kernel
    for a signal on the parent's death: no C library is loaded into every worker, and it works wherever fork
    does.)"""
    try:
        while os.read(life, 1):
            pass
    finally:
        os._exit(1)
