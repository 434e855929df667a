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
import mmap
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
    early: Early | None = None,
) -> list[Any]:
    """Every job's result, in the order of ``jobs``.

    ``weights`` (rough costs) start the heaviest jobs first, so the longest one does not
    start last; ``started(i)`` and ``done(i)`` are called in this process as a worker
    takes job ``i`` and as it finishes it (for progress messages). ``groups`` (a key per job):
    the jobs of a group share a costly start that each process pays once (a game drawn in a
    worker), so a worker keeps to the groups it has begun (see :class:`Queue`); the groups in ``kept`` are
    never helped with: only the worker that began one takes its jobs. ``early``: a worker forked before
    the jobs were made (see :class:`Early`), counted as the first of the ``workers``.
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
            if early is not None:
                early.cancel()
            outcomes = (pair for i in iter(partial(queue.take, 0), None) for pair in ((i, None), (i, _call(i))))
        else:
            outcomes = _forked(queue, min(workers, len(jobs)), early)
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

    def give_back(self, worker: int, job: int) -> None:
        """``worker`` ended before it began ``job``: the job is left for the others, first, and the groups
        the worker had begun are no one's any more."""
        self.left.insert(0, job)
        self.begun.pop(worker, None)


def _forked(queue: Queue, workers: int,
            early: Early | None = None) -> Generator[tuple[int, tuple[int, Any] | None], None, None]:
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
    waiting: dict[int, int] = {}  # a result pipe -> the job its worker was sent and has not begun
    idle: set[int] = set()  # result pipes of workers with nothing to do yet, kept while another has not begun
    remaining = len(queue.left)
    finished = False
    # Held open by this process alone for as long as the workers live: when it closes (this process ended,
    # even killed), every worker reads its end and ends too (see _watch).
    life_r, life_w = (early.life_r, early.life_w) if early is not None else os.pipe()
    try:
        if early is not None:  # the first worker, forked already
            pids.append(early.pid)
            buffers[early.result_r] = bytearray()
            tasks[early.result_r], worker_of[early.result_r] = early.tasks_w, 0
            _give(queue, 0, tasks, early.result_r, waiting, idle)
            selector.register(early.result_r, selectors.EVENT_READ)
        for w in range(len(pids), workers):
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
            _give(queue, w, tasks, result_r, waiting, idle)
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
                    idle.discard(fd)
                    if fd in waiting:  # it ended before it began its job (it failed to start): another takes it
                        queue.give_back(worker_of[fd], waiting.pop(fd))
                        _wake(queue, worker_of, tasks, waiting, idle)
                    if not selector.get_map():
                        raise WorkerError(f"workers stopped with {remaining} build job(s) not done")
                    continue
                buf = buffers[fd]
                buf += chunk
                while len(buf) >= _FRAME.size and len(buf) >= _FRAME.size + _FRAME.unpack_from(buf)[0]:
                    size = _FRAME.unpack_from(buf)[0]
                    index, outcome = pickle.loads(bytes(buf[_FRAME.size:_FRAME.size + size]))
                    del buf[:_FRAME.size + size]
                    if outcome is None:
                        waiting.pop(fd, None)
                        _wake(queue, worker_of, tasks, waiting, idle)  # (those kept for its job may end now)
                    else:
                        remaining -= 1
                        _give(queue, worker_of[fd], tasks, fd, waiting, idle)  # its next job first: it is idle
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


def _give(queue: Queue, worker: int, tasks: dict[int, int], result_fd: int, waiting: dict[int, int],
          idle: set[int]) -> None:
    """Send ``worker`` its next job (``waiting`` until it begins it), or close its task pipe when none is left
    (it then exits). While another worker has not begun the job it was sent, a worker with nothing to do is
    kept (``idle``): should that one end without beginning it, the job is given back, and taken here."""
    job = queue.take(worker) if result_fd in tasks else None
    if job is None:
        if result_fd in tasks:
            if any(fd != result_fd for fd in waiting):
                idle.add(result_fd)
            else:
                idle.discard(result_fd)
                os.close(tasks.pop(result_fd))
        return
    idle.discard(result_fd)
    waiting[result_fd] = job
    try:
        os.write(tasks[result_fd], _INDEX.pack(job))  # 4 bytes into an empty pipe: never blocks
    except BrokenPipeError:  # the worker has ended: its end is read next, and the job given back then
        os.close(tasks.pop(result_fd))


def _wake(queue: Queue, worker_of: dict[int, int], tasks: dict[int, int], waiting: dict[int, int],
          idle: set[int]) -> None:
    """Offer the idle workers a job again (one given back), or let them end (every job is begun)."""
    for fd in sorted(idle):
        _give(queue, worker_of[fd], tasks, fd, waiting, idle)


def _work(tasks: int, results: int, life: int, parents: Sequence[int] = ()) -> None:
    """A worker's life: take job numbers off its task pipe until the pipe is closed, send each outcome back;
    end with the building process (``life``: see :func:`_watch`). ``parents``: the parent's ends of every
    worker's pipes, closed here (a worker holding another's task pipe open would keep that worker waiting for
    jobs after the last)."""
    status = 0
    try:
        _become_worker(life, parents)
        _serve(tasks, results)
    except BaseException:  # noqa: BLE001 - a worker must never run the parent's code after this
        status = 1
    finally:
        os._exit(status)


def _become_worker(life: int, parents: Sequence[int]) -> None:
    for fd in parents:
        os.close(fd)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the parent's to handle: it kills the workers
    threading.Thread(target=_watch, args=(life,), daemon=True).start()


def _serve(tasks: int, results: int) -> None:
    with os.fdopen(results, "wb") as out:
        while True:
            raw = os.read(tasks, _INDEX.size)
            if len(raw) < _INDEX.size:
                break
            (index,) = _INDEX.unpack(raw)
            _send(out, (index, None))
            _send(out, (index, _call(index)))


EARLY_BYTES = 64 << 20
"""Most bytes sent to an early worker (see :class:`Early`): the memory is set aside, not used, until written."""


class Early:
    """A worker forked before its jobs exist, so that it gets ready for them (``prepare``: imports what they
    will use) while this process is still making what they need (a game's pieces, drawn). :meth:`send` gives it
    that, once made; the worker makes its jobs of it (``make(sent)``: the very jobs, in the same order, that this
    process then hands :func:`run_all` with ``early=``, which counts it as its first worker). :meth:`cancel` ends
    it unused (this process failed or stopped before its jobs were made).

    What is sent goes through memory the two processes share (anonymous: no file is opened), not a pipe:
    this process writes it whole and goes on, whether or not the worker is still getting ready (a pipe would
    hold it back until the worker reads). At most :data:`EARLY_BYTES` are sent; the pages never written take
    no memory."""

    def __init__(self, prepare: Callable[[], object], make: Callable[[Any], Sequence[Callable[[], Any]]]) -> None:
        self.shared = mmap.mmap(-1, EARLY_BYTES)  # (first: it may fail, OSError)
        sys.stdout.flush()
        sys.stderr.flush()
        self.tasks_r, self.tasks_w = os.pipe()
        self.result_r, self.result_w = os.pipe()
        self.life_r, self.life_w = os.pipe()
        self.go_r, self.go_w = os.pipe()
        self.pid = os.fork()
        if self.pid == 0:  # the worker: never returns (it must not go on as the parent)
            try:
                self._start(prepare, make)
            finally:
                os._exit(1)
        for fd in (self.tasks_r, self.result_w, self.go_r):
            os.close(fd)
        self.sent = False

    def _start(self, prepare: Callable[[], object], make: Callable[[Any], Sequence[Callable[[], Any]]]) -> None:
        global _JOBS
        status = 0
        try:
            _become_worker(self.life_r, (self.tasks_w, self.result_r, self.life_w, self.go_w))
            # What fails to import here fails again in the job that uses it, and is reported there.
            with contextlib.suppress(Exception):
                prepare()
            raw = _read(self.go_r, _FRAME.size)
            if len(raw) < _FRAME.size:  # cancelled
                os._exit(0)
            _JOBS = make(pickle.loads(self.shared[:_FRAME.unpack(raw)[0]]))
            _serve(self.tasks_r, self.result_w)
        except BaseException:  # noqa: BLE001 - a worker must never run the parent's code after this
            status = 1
        finally:
            os._exit(status)

    def send(self, value: object) -> bool:
        """Give the worker ``value`` (pickled), from which it makes its jobs; False if ``value`` cannot be
        pickled (the worker is then of no use: :meth:`cancel` it)."""
        try:
            data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
        except (pickle.PicklingError, TypeError, AttributeError, RecursionError):
            return False
        if len(data) > len(self.shared):
            return False
        self.shared[:len(data)] = data
        self.shared.close()  # (the worker's mapping stays)
        os.write(self.go_w, _FRAME.pack(len(data)))  # 8 bytes into an empty pipe: never blocks
        os.close(self.go_w)
        self.sent = True
        return True

    def cancel(self) -> None:
        """End the worker unused (before :func:`run_all` took it over), and wait for it."""
        for fd in ((self.tasks_w, self.result_r, self.life_r, self.life_w) if self.sent else
                   (self.go_w, self.tasks_w, self.result_r, self.life_r, self.life_w)):
            os.close(fd)
        self.shared.close()
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)


def _read(fd: int, size: int) -> bytes:
    """``size`` bytes off a pipe, or fewer if it is closed first."""
    out = b""
    while len(out) < size and (chunk := os.read(fd, size - len(out))):
        out += chunk
    return out


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
