"""The worker pool that shares a build among the cores (printkit.parallel), and builds made with it."""

from __future__ import annotations

import contextlib
import os
import select
import signal
import time
from pathlib import Path

import pytest
from conftest import ROOT, copy_game, run_cli

from printkit.errors import DataError, Problem
from printkit.parallel import Queue, WorkerError, run_all

GAMES = ROOT / "tests" / "games"

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="workers are forked processes")


def square(n: int) -> tuple[int, int]:
    return n * n, os.getpid()


def test_results_come_back_in_job_order_from_other_processes() -> None:
    jobs = [lambda n=n: square(n) for n in range(7)]
    started: list[int] = []
    done: list[int] = []
    results = run_all(jobs, workers=2, weights=[n % 3 for n in range(7)], started=started.append, done=done.append)
    assert [r[0] for r in results] == [n * n for n in range(7)]
    assert {pid for _, pid in results} - {os.getpid()}, "no job ran in a worker"
    assert sorted(started) == sorted(done) == list(range(7))


def test_one_worker_runs_everything_here_in_weight_order() -> None:
    order: list[int] = []
    jobs = [lambda n=n: order.append(n) or os.getpid() for n in range(4)]
    results = run_all(jobs, workers=1, weights=[1, 4, 2, 3])
    assert results == [os.getpid()] * 4
    assert order == [1, 3, 2, 0]


def test_a_worker_keeps_to_its_group_begins_a_new_one_then_helps_with_the_others() -> None:
    # jobs 0-2 are game "a", 3-5 game "b", 6 game "c"; heaviest first: 3 (b), 0 (a), 6 (c), 4 (b), 1 (a), 5 (b), 2 (a)
    queue = Queue([3, 0, 6, 4, 1, 5, 2], groups=["a", "a", "a", "b", "b", "b", "c"])
    assert queue.take(0) == 3  # worker 0 begins b
    assert queue.take(1) == 0  # worker 1 begins a, the heaviest job of a game nobody has begun
    assert queue.take(0) == 4  # b's next, though c's job is heavier: c is not drawn in worker 0
    assert queue.take(0) == 5
    assert queue.take(0) == 6  # b is all taken: worker 0 begins c rather than draw a as well
    assert queue.take(0) == 1  # every game begun: worker 0 helps with a, the heaviest job left
    assert queue.take(1) == 2
    assert queue.take(1) is None and queue.take(0) is None


def test_a_kept_group_is_never_helped_with_a_worker_with_nothing_else_ends() -> None:
    # jobs 0, 2 and 4 are the rulebook's ("book", kept: another worker would import and render it again)
    groups = ["book", "one", "book", "three", "book"]
    queue = Queue([0, 1, 2, 3, 4], groups=groups, kept={"book"})
    assert queue.take(0) == 0  # worker 0 begins the book
    assert queue.take(1) == 1
    assert queue.take(1) == 3  # a group nobody has begun
    assert queue.take(1) is None  # only the book's jobs are left, and worker 1 has not begun it: it ends
    assert [queue.take(0), queue.take(0), queue.take(0)] == [2, 4, None]
    helped = Queue([0, 1, 2, 3, 4], groups=groups)  # not kept: helped with as any group is
    assert [helped.take(0), helped.take(1), helped.take(1), helped.take(1)] == [0, 1, 3, 2]


def test_the_jobs_of_a_kept_group_run_in_one_process_beside_a_worker_of_their_own() -> None:
    jobs = [lambda n=n: square(n) for n in range(6)]
    results = run_all(jobs, workers=2, weights=[9, 8, 1, 1, 1, 1], groups=["k", 1, "k", "k", "k", 5], kept={"k"})
    assert [r[0] for r in results] == [n * n for n in range(6)]
    assert len({results[n][1] for n in (0, 2, 3, 4)}) == 1, "the kept group's jobs ran in several processes"
    assert results[1][1] != results[0][1]


def test_without_groups_the_heaviest_job_left_goes_first() -> None:
    queue = Queue([2, 0, 1])
    assert [queue.take(1), queue.take(0), queue.take(1), queue.take(0)] == [2, 0, 1, None]


def test_one_worker_runs_a_group_to_its_end_before_beginning_another() -> None:
    order: list[int] = []
    jobs = [lambda n=n: order.append(n) for n in range(4)]
    run_all(jobs, workers=1, weights=[4, 1, 3, 2], groups=["x", "x", "y", "y"])
    assert order == [0, 1, 2, 3]  # by weight alone: 0, 2, 3, 1


def test_several_games_are_each_drawn_once_per_process_and_assembled_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    from printkit import build

    drawn: list[str] = []
    real = build.draw
    monkeypatch.setattr(build, "draw", lambda game: drawn.append(game.id) or real(game))
    games = build.load_all([GAMES / "tiny", GAMES / "tallies"])
    options = build.BuildOptions(svg=False)
    made = build.build_games(games, options, workers=1)
    assert sorted(drawn) == ["tallies", "tiny"]
    for game, built in zip(games, made):
        alone = build.build_game(game, options)
        assert built.files == alone.files, f"{game.id}: not the files of the game built alone"


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="children are found through /proc")
def test_a_small_game_is_proved_and_typeset_by_a_worker_forked_before_its_drawing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from printkit import build

    forked: list[int] = []
    real = build.Early

    def early(*args: object) -> object:
        worker = real(*args)  # type: ignore[arg-type]
        forked.append(worker.pid)
        return worker

    monkeypatch.setattr(build, "Early", early)
    game = build.load_all([GAMES / "tallies"])[0]
    options = build.BuildOptions(svg=False)
    made = build.build_game(game, options, workers=2)
    assert len(forked) == 1 and forked[0] not in children()
    assert made.files == build.build_game(game, options).files, "not the files of the game built in one process"
    monkeypatch.setattr(build, "EARLY_FACES", 0)  # a game too large to send drawn: its workers are forked after
    assert build.build_game(game, options, workers=2).files == made.files
    assert len(forked) == 1


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="children are found through /proc")
def test_a_game_whose_pieces_cannot_be_sent_is_built_by_workers_forked_after_its_drawing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from printkit import build
    from printkit.parallel import Early

    ended: list[int] = []

    class Unsendable(Early):
        def send(self, value: object) -> bool:
            return False

        def cancel(self) -> None:
            ended.append(self.pid)
            super().cancel()

    monkeypatch.setattr(build, "Early", Unsendable)
    game = build.load_all([GAMES / "tiny"])[0]
    options = build.BuildOptions(svg=False)
    made = build.build_game(game, options, workers=2)
    assert len(ended) == 1 and ended[0] not in children()
    assert made.files == build.build_game(game, options).files


def test_without_memory_to_share_the_workers_are_forked_after_the_drawing(monkeypatch: pytest.MonkeyPatch) -> None:
    from printkit import build, parallel

    def no_memory(*args: object) -> None:
        raise OSError("cannot allocate memory")

    game = build.load_all([GAMES / "tiny"])[0]
    options = build.BuildOptions(svg=False)
    alone = build.build_game(game, options).files
    monkeypatch.setattr(parallel.mmap, "mmap", no_memory)
    assert build._book_worker(game, options, 2) is None
    assert build.build_game(game, options, workers=2).files == alone


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="children are found through /proc")
def test_a_game_that_fails_to_draw_ends_its_early_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    from printkit import build

    def broken(game: object) -> None:
        raise DataError([Problem("game.toml", "layouts.face", "a face", "a broken one")])

    monkeypatch.setattr(build, "draw", broken)
    game = build.load_all([GAMES / "tiny"])[0]
    before = children()
    with pytest.raises(DataError, match="a broken one"):
        build.build_game(game, build.BuildOptions(), workers=2)
    assert children() == before, "the early worker outlived the failed build"


def bad(n: int) -> None:
    raise DataError([Problem(f"game{n}.toml", "components[0].size", "a size", str(n))])


@pytest.mark.parametrize("workers", [1, 2])
def test_bad_data_in_several_jobs_is_reported_together_in_job_order(workers: int) -> None:
    jobs = [lambda: bad(3), lambda: 42, lambda: bad(1)]
    with pytest.raises(DataError) as err:
        run_all(jobs, workers=workers, weights=[0, 0, 9])  # job 2 runs first, its problem still comes second
    assert [p.file for p in err.value.problems] == ["game3.toml", "game1.toml"]


def test_a_bug_in_a_worker_is_raised_with_its_traceback() -> None:
    def broken() -> None:
        {}["missing"]

    with pytest.raises(WorkerError, match="KeyError: 'missing'"):
        run_all([broken, lambda: 1], workers=2)


def test_a_job_may_run_jobs_of_its_own() -> None:
    def game(n: int) -> list[int]:
        return run_all([lambda k=k: n * 10 + k for k in range(3)], workers=1)

    assert run_all([lambda: game(1), lambda: game(2), lambda: game(3)], workers=2) == [
        [10, 11, 12], [20, 21, 22], [30, 31, 32]]


def test_a_worker_killed_from_outside_is_reported_and_the_others_finish_their_jobs() -> None:
    def killed() -> None:
        os.kill(os.getpid(), signal.SIGKILL)  # as the system's out-of-memory killer would

    done: list[int] = []
    with pytest.raises(WorkerError, match="workers stopped with 1 build job"):
        run_all([killed, lambda: 1, lambda: 2, lambda: 3], workers=2, weights=[9, 1, 1, 1], done=done.append)
    assert sorted(done) == [1, 2, 3], "the other worker stopped too"


def test_a_worker_that_fails_to_start_exits_instead_of_going_on_as_the_build(monkeypatch: pytest.MonkeyPatch) -> None:
    import printkit.parallel

    def broken(*args: object, **kwargs: object) -> None:
        raise TypeError("the worker could not start")

    monkeypatch.setattr(printkit.parallel, "_work", broken)
    here = os.getpid()
    with pytest.raises(WorkerError, match="workers stopped with 2 build job"):
        run_all([lambda: 1, lambda: 2], workers=2)
    assert os.getpid() == here


def test_workers_still_busy_are_killed_when_the_build_stops(tmp_path: Path) -> None:
    started = tmp_path / "sleeper.started"
    os.mkfifo(started)
    woke = tmp_path / "sleeper.woke"

    def sleeper() -> None:
        with open(started, "w") as fifo:  # tells the failing job it is running: its pid
            fifo.write(str(os.getpid()))
        time.sleep(60)  # a long job, not a wait: the pool must kill it rather than wait for it
        woke.write_text("the pool waited for the sleeping job")

    def failing() -> None:
        with open(started) as fifo:  # blocks until the sleeper has started and written its pid
            pid = fifo.read()
        (tmp_path / "sleeper.pid").write_text(pid)
        raise RuntimeError("boom")

    with pytest.raises(WorkerError, match="boom"):
        run_all([sleeper, failing], workers=2)
    with pytest.raises(ProcessLookupError):
        os.kill(int((tmp_path / "sleeper.pid").read_text()), 0)
    assert not woke.exists(), "the sleeping worker ran to the end instead of being killed"


def test_busy_workers_end_when_the_building_process_is_killed(tmp_path: Path) -> None:
    """A build killed outright (SIGKILL: nothing of it runs again) must not leave its workers rendering on."""
    ready = tmp_path / "ready"
    os.mkfifo(ready)

    def sleeper() -> None:
        with open(ready, "w") as fifo:  # its pid, as it starts its long job
            fifo.write(f"{os.getpid()}\n")
        time.sleep(120)

    builder = os.fork()
    if builder == 0:  # the building process
        try:
            run_all([sleeper, sleeper], workers=2)
        finally:
            os._exit(0)
    pids = []
    with open(ready) as fifo:
        while len(pids) < 2:
            line = fifo.readline()
            if line:
                pids.append(int(line))
    handles = [os.pidfd_open(pid) for pid in pids]  # before the kill: the workers exist and are the builder's
    os.kill(builder, signal.SIGKILL)
    os.waitpid(builder, 0)
    try:
        busy = list(handles)
        while busy:  # a worker's handle reads once it has ended (60 s: a backstop, not a measure)
            ended, _, _ = select.select(busy, [], [], 60)
            assert ended, "a worker outlived the build"
            busy = [fd for fd in busy if fd not in ended]
    finally:
        for pid in pids:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        for fd in handles:
            os.close(fd)


def children() -> set[int]:
    """This process's child processes (Linux: /proc)."""
    found = set()
    for task in Path(f"/proc/{os.getpid()}/task").iterdir():
        found |= {int(pid) for pid in (task / "children").read_text().split()}
    return found


def ready_imports(log: str) -> None:
    with open(log, "a") as out:
        out.write(f"ready {os.getpid()}\n")


def jobs_of(log: str, sent: list[int]) -> list[object]:
    with open(log, "a") as out:
        out.write(f"made {os.getpid()} {sent}\n")
    return [lambda n=n: (n * n, os.getpid()) for n in sent]


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="children are found through /proc")
def test_an_early_worker_gets_ready_then_makes_its_jobs_of_what_it_is_sent(tmp_path: Path) -> None:
    from functools import partial

    from printkit.parallel import Early

    log = str(tmp_path / "log")
    early = Early(partial(ready_imports, log), partial(jobs_of, log))
    values = [3, 4, 5, 6]
    early.send(values)
    jobs = jobs_of(log, values)  # the same jobs here, as the building process makes them
    results = run_all(jobs, workers=2, early=early)
    assert [r[0] for r in results] == [9, 16, 25, 36]
    lines = Path(log).read_text().splitlines()
    ready = [line.split() for line in lines if line.startswith("ready")]
    made = [line for line in lines if " [3," in line]
    assert len(ready) == 1 and ready[0][1] == str(early.pid)
    assert f"made {early.pid} [3, 4, 5, 6]" in made, "the early worker made its jobs of what it was sent"
    assert early.pid in {pid for _, pid in results}, "the early worker ran jobs"
    assert early.pid not in children(), "the early worker was waited for"


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="children are found through /proc")
def broken_jobs(sent: object) -> list[object]:
    raise RuntimeError("the early worker could not make its jobs")


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="children are found through /proc")
def test_a_worker_that_ends_before_it_begins_its_job_leaves_it_to_the_others(tmp_path: Path) -> None:
    from functools import partial

    from printkit.parallel import Early

    early = Early(partial(ready_imports, str(tmp_path / "log")), broken_jobs)
    assert early.send([1, 2, 3])
    jobs = [lambda n=n: (n, os.getpid()) for n in range(5)]
    results = run_all(jobs, workers=2, weights=[5, 4, 3, 2, 1], groups=["book", "book", 2, 3, 4], kept={"book"},
                      early=early)
    assert [n for n, _ in results] == list(range(5)), "every job done, the early worker's first one too"
    assert early.pid not in {pid for _, pid in results}
    assert early.pid not in children()


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="children are found through /proc")
def test_what_cannot_be_pickled_is_not_sent_and_the_early_worker_is_ended(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from functools import partial

    from printkit import parallel
    from printkit.parallel import Early

    monkeypatch.setattr(parallel, "EARLY_BYTES", 4096)
    early = Early(partial(ready_imports, str(tmp_path / "log")), partial(jobs_of, str(tmp_path / "log")))
    assert not early.send([lambda: 1])
    assert not early.send(bytes(5000)), "more than the memory set aside"
    early.cancel()
    assert early.pid not in children()


def test_an_early_worker_not_needed_is_ended(tmp_path: Path) -> None:
    from functools import partial

    from printkit.parallel import Early

    log = str(tmp_path / "log")
    early = Early(partial(ready_imports, log), partial(jobs_of, log))
    assert early.pid in children()
    early.cancel()  # the building process failed before the jobs were made
    assert early.pid not in children()
    assert "made" not in (Path(log).read_text() if Path(log).exists() else "")
    sent = Early(partial(ready_imports, log), partial(jobs_of, log))
    sent.send([2])
    assert run_all([lambda: 7], workers=2, early=sent) == [7]  # one job: run here, the worker ended
    assert sent.pid not in children()


def test_the_files_are_the_same_bytes_with_one_worker_or_several(tmp_path: Path) -> None:
    copy_game("euclidean", tmp_path)
    copy_game("hypergrid", tmp_path)
    kits = {}
    for jobs in ("1", "2", "3"):
        out = tmp_path / f"out-{jobs}"
        # one game: its outputs are shared among workers; two games: so are theirs, games drawn per worker
        for games in (["euclidean"], ["hypergrid", "euclidean"]):
            result = run_cli("build", *games, "--data", str(tmp_path / "data"), "--out", str(out), "--force",
                             "--quiet", "--jobs", jobs)
            assert result.returncode == 0, result.stderr
        kits[jobs] = {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}
    assert len(kits["1"]) > 100
    assert kits["1"] == kits["2"] == kits["3"]


def test_jobs_must_be_a_positive_number(tmp_path: Path) -> None:
    result = run_cli("build", "--data", str(tmp_path), "--jobs", "0")
    assert result.returncode == 2
    assert "--jobs" in result.stderr and "from 1 to 256" in result.stderr and "Traceback" not in result.stderr
