"""Run a build's independent jobs on every core, in forked worker processes.

A job is any callable returning picklable results (bytes of output files, manifest
entries). Workers are forked from the building process, so they start with everything
already in memory (the loaded games, drawn pieces, imported backends) and nothing is
sent to them but a job's number; only results come back. Each job's output depends
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
import traceback
from collections.abc import Callable, Generator, Sequence
from typing import Any

from printkit.errors import DataError, Problem
from printkit.teststop import stop_at

_JOBS: Sequence[Callable[[], Any]] = ()
"""The jobs of the running ``run_all``: forked workers find them here (they are never pickled)."""

_INDEX = struct.Struct("<I")  # a job's number on the task pipe: reads of 4 bytes from a pipe are atomic
_FRAME = struct.Struct("<Q")  # the length of a pickled result on a result pipe

OK, BAD_DATA, CRASHED = 0, 1, 2
MAX_FORKED_JOBS = 16_000
"""The whole queue is written to the task pipe before the workers start: it must fit the pipe's
64 KiB buffer (4 bytes a job). A build has tens of jobs; more than this run here, one by one."""


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
) -> list[Any]:
    """Every job's result, in the order of ``jobs``.

    ``weights`` (rough costs) start the heaviest jobs first, so the longest one does not
    start last; ``started(i)`` and ``done(i)`` are called in this process as a worker
    takes job ``i`` and as it finishes it (for progress messages).
    """
    global _JOBS
    order = sorted(range(len(jobs)), key=lambda i: -weights[i]) if weights else list(range(len(jobs)))
    results: list[Any] = [None] * len(jobs)
    failed: dict[int, list[Problem]] = {}
    outer, _JOBS = _JOBS, jobs  # a job may run jobs of its own (one game's outputs, in a worker)
    try:
        outcomes: Generator[tuple[int, tuple[int, Any] | None], None, None]
        if workers <= 1 or len(jobs) <= 1 or len(jobs) > MAX_FORKED_JOBS or not hasattr(os, "fork"):
            outcomes = (pair for i in order for pair in ((i, None), (i, _call(i))))
        else:
            outcomes = _forked(order, min(workers, len(jobs)))
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


def _forked(order: list[int], workers: int) -> Generator[tuple[int, tuple[int, Any] | None], None, None]:
    """Yield (job number, None) as a worker takes a job and (job number, outcome) as it finishes it;
    every worker is killed if this stops early."""
    tasks_r, tasks_w = os.pipe()
    os.write(tasks_w, b"".join(_INDEX.pack(i) for i in order))  # fits the pipe's buffer: see MAX_FORKED_JOBS
    os.close(tasks_w)  # workers stop at the end of the queue
    sys.stdout.flush()  # a forked worker must not write the parent's buffered output again
    sys.stderr.flush()
    pids: list[int] = []
    selector = selectors.DefaultSelector()
    buffers: dict[int, bytearray] = {}
    finished = False
    try:
        for _ in range(workers):
            result_r, result_w = os.pipe()
            pid = os.fork()
            if pid == 0:  # the worker: never returns
                os.close(result_r)
                _work(tasks_r, result_w)
            os.close(result_w)
            pids.append(pid)
            buffers[result_r] = bytearray()
            selector.register(result_r, selectors.EVENT_READ)
        os.close(tasks_r)
        stop_at("rendering")
        remaining = len(order)
        while remaining:
            for key, _ in selector.select():
                fd = key.fd
                chunk = os.read(fd, 1 << 20)
                if not chunk:  # the worker exited: with its queue empty, or killed
                    selector.unregister(fd)
                    os.close(fd)
                    if not selector.get_map():
                        raise WorkerError(f"workers stopped with {remaining} build job(s) not done")
                    continue
                buf = buffers[fd]
                buf += chunk
                while len(buf) >= _FRAME.size and len(buf) >= _FRAME.size + _FRAME.unpack_from(buf)[0]:
                    size = _FRAME.unpack_from(buf)[0]
                    index, outcome = pickle.loads(bytes(buf[_FRAME.size:_FRAME.size + size]))
                    del buf[:_FRAME.size + size]
                    remaining -= outcome is not None
                    yield index, outcome
        finished = True
    finally:
        for pid in pids:
            # Every job done: the workers are ending on their own (their queue is empty), and are
            # let finish (a coverage run saves its data there). Stopped early: they are killed.
            if not finished:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        for key in list(selector.get_map().values()):
            os.close(key.fd)
        selector.close()


def _work(tasks: int, results: int) -> None:
    """A worker's life: take job numbers off the task pipe until it is empty, send each outcome back."""
    status = 0
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the parent's to handle: it kills the workers
        _die_with_parent()
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


def _die_with_parent() -> None:
    """On Linux, ask the kernel to kill this worker when the build process dies (even by SIGKILL)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # pragma: no cover - no prctl: workers end when their pipes close
        pass
    if os.getppid() == 1:  # the parent died before the request was in place
        os._exit(1)
