"""Run the benchmarks and print a table: ``python -m benchmarks [--smoke] [--runs N]``.

Every figure is a whole process (Python start-up included), timed by wall clock,
the median of ``--runs`` runs; peak memory is the process's maximum resident set
size; output size is the bytes written. The plain-reportlab reference draws the
same decks in the same run, so the ratio printkit / reference is printed beside
each deck. ``--smoke`` runs the smallest sizes once, so CI keeps this working.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path

from benchmarks.deck import write_deck
from benchmarks.maps import write_hexmap, write_pad
from benchmarks.serve import save_to_face

ROOT = Path(__file__).resolve().parent.parent


@dataclass
class Figure:
    label: str
    seconds: float
    cpu: float | None
    """None: not measured (a figure inside a process that keeps running, such as the preview's)."""
    peak_mb: float | None
    out_bytes: int
    ratio: float | None = None


Measured = tuple[float, float, float]
"""Median wall time, median CPU time (s) and peak memory (MB) of a command."""


def run(cmd: list[str], runs: int, before: list[str] | None = None) -> Measured:
    """Median wall time, median CPU time (user + system, worker processes included) and peak RSS (MB,
    of the largest single process) of ``cmd`` over ``runs`` runs (``before`` runs untimed first)."""
    return run_side_by_side([(cmd, before)], runs)[0]


def run_side_by_side(jobs: list[tuple[list[str], list[str] | None]], runs: int) -> list[Measured]:
    """:func:`run` for several commands, interleaved (a run of each, then the next round), so a
    machine whose speed drifts (other work, turbo, heat) slows them alike and their ratio holds."""
    times: list[list[float]] = [[] for _ in jobs]
    cpus: list[list[float]] = [[] for _ in jobs]
    peaks = [0.0 for _ in jobs]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # time printkit as users run it: with its bytecode cached
    for _ in range(runs):
        for i, (cmd, before) in enumerate(jobs):
            if before:
                subprocess.run(before, check=True, env=env, capture_output=True)
            start = time.perf_counter()
            proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            _, status, usage = os.wait4(proc.pid, 0)
            elapsed = time.perf_counter() - start
            if status != 0:
                raise SystemExit(f"benchmark command failed ({status}): {' '.join(cmd)}\n"
                                 f"{proc.stderr.read().decode() if proc.stderr else ''}")
            times[i].append(elapsed)
            cpus[i].append(usage.ru_utime + usage.ru_stime)
            peaks[i] = max(peaks[i], usage.ru_maxrss / 1024)
    return [(statistics.median(t), statistics.median(c), p) for t, c, p in zip(times, cpus, peaks, strict=True)]


def size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file()) if path.is_dir() else path.stat().st_size


def printkit_cmd(*args: str) -> list[str]:
    return [sys.executable, "-m", "printkit", *args]


@dataclass
class Goal:
    """A row of issue 29's table: the figure it reads beside its reference of the same run, its goal
    (None: a capability measured so that it costs no more than it has to, no goal of its own) and
    whether this run meets it."""

    job: str
    figure: Figure
    reference: Figure
    goal: str | None = None
    met: bool | None = None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    parser.add_argument("--smoke", action="store_true", help="smallest sizes, one run (for CI)")
    parser.add_argument("--runs", type=int, default=5, help="runs per figure (median); default 5")
    parser.add_argument("--data", type=Path, default=ROOT / "data", help="games to benchmark")
    args = parser.parse_args(argv)
    runs = 1 if args.smoke else args.runs
    sizes = [72] if args.smoke else [72, 720, 10000]
    figures: list[Figure] = []
    goals: list[Goal] = []
    font = str(files("printkit") / "fonts" / "DejaVuSans.ttf")
    with tempfile.TemporaryDirectory(prefix="printkit-bench-") as tmp:
        work = Path(tmp)
        games = sorted(p.name for p in args.data.iterdir() if (p / "game.toml").is_file())
        decks = work / "decks"
        for n in sizes:
            write_deck(decks, n)
            write_deck(decks, n, rich=True)
        write_deck(decks, max(sizes), varied=True)

        def reference(n: int) -> tuple[list[str], None]:
            return ([sys.executable, "-m", "benchmarks.reference", str(decks / f"deck-{n}" / "cards.csv"),
                     str(work / f"reference-{n}.pdf")], None)

        def yardstick(measured: Measured) -> Figure:
            return Figure("plain reportlab, 72 cards (same run)", *measured, size(work / "reference-72.pdf"), 1.0)

        # 1. the games, each alone per paper (--force: a full build every run)
        for paper in (["a4"] if args.smoke else ["a4", "letter"]):
            for game in ([] if args.smoke else games):
                out = work / f"out-{game}-{paper}"
                secs, cpu, peak = run(printkit_cmd("build", game, "--data", str(args.data), "--out", str(out), "--paper", paper, "--force", "--quiet"), runs)
                figures.append(Figure(f"build {game} ({paper})", secs, cpu, peak, size(out)))
        # all together, on every core and on one, and a no-change rebuild, interleaved with the
        # 72-card reference: the yardstick of this machine's speed in this run
        out, out1 = work / "out-all", work / "out-all-one-worker"
        every = ["--data", str(args.data), "--paper", "both", "--quiet"]
        (all_s, all_c, all_p), (one_s, one_c, one_p), ref = run_side_by_side(
            [(printkit_cmd("build", *every, "--out", str(out), "--force"), None),
             (printkit_cmd("build", *every, "--out", str(out1), "--force", "--jobs", "1"), None), reference(72)], runs)
        stick = yardstick(ref)
        every_output = Figure(f"build all {len(games)} games, A4 + Letter", all_s, all_c, all_p, size(out), all_s / stick.seconds)
        figures += [every_output, Figure(f"build all {len(games)} games, A4 + Letter, --jobs 1", one_s, one_c, one_p,
                                         size(out1), one_s / stick.seconds)]
        goals.append(Goal(f"all {len(games)} games, A4 + Letter, every output", every_output, stick, "< 1.2 s", all_s < 1.2))
        (nc_s, nc_c, nc_p), ref = run_side_by_side([(printkit_cmd("build", *every, "--out", str(out)), None), reference(72)], runs)
        stick = yardstick(ref)
        figures.append(Figure("no-change rebuild, all games", nc_s, nc_c, nc_p, 0, nc_s / stick.seconds))
        goals.append(Goal("no-change rebuild", figures[-1], stick, "< 0.08 s", nc_s < 0.08))
        # 2 + 3. CSV decks, printkit against plain reportlab, interleaved in the same run; the same deck
        # with rich text (bold, italic, a colour span, an inline icon) on every card
        for n in sizes:
            out, out_pdf, out_rich = work / f"out-deck-{n}", work / f"out-deck-{n}-pdf", work / f"out-deck-rich-{n}"
            deck = ["build", f"deck-{n}", "--data", str(decks), "--force", "--quiet"]
            measured = run_side_by_side([
                reference(n),
                (printkit_cmd(*deck, "--out", str(out)), None),
                (printkit_cmd(*deck, "--out", str(out_pdf), "--no-svg"), None),
                (printkit_cmd(*deck, "--out", str(out_pdf), "--no-svg", "--jobs", "1"), None),
                (printkit_cmd("build", f"deck-rich-{n}", "--data", str(decks), "--force", "--quiet", "--out", str(out_rich)), None),
                *([(printkit_cmd("build", f"deck-varied-{n}", "--data", str(decks), "--force", "--quiet", "--out",
                                 str(work / f"out-deck-varied-{n}")), None)] if n == max(sizes) else []),
            ], runs)
            (ref_s, ref_c, ref_p), (all_s, all_c, all_p), (pdf_s, pdf_c, pdf_p), (one_s, one_c, one_p), (rich_s, rich_c, rich_p) = \
                measured[:5]
            pdf = f"deck-{n}/deck-{n}-cards-a4.pdf"
            row = Figure(f"deck of {n} cards: printkit build (all outputs)", all_s, all_c, all_p, size(out / pdf), all_s / ref_s)
            ref_row = Figure(f"deck of {n} cards: plain reportlab reference", ref_s, ref_c, ref_p,
                             size(work / f"reference-{n}.pdf"), 1.0)
            rich = Figure(f"deck of {n} cards, rich text and icons: printkit build (all outputs)", rich_s, rich_c, rich_p,
                          size(out_rich / f"deck-rich-{n}" / f"deck-rich-{n}-cards-a4.pdf"), rich_s / ref_s)
            figures += [row,
                        Figure(f"deck of {n} cards: printkit build --no-svg", pdf_s, pdf_c, pdf_p, size(out_pdf / pdf), pdf_s / ref_s),
                        Figure(f"deck of {n} cards: printkit build --no-svg --jobs 1", one_s, one_c, one_p, size(out_pdf / pdf), one_s / ref_s),
                        rich, ref_row]
            goal = {720: 2.5, 10000: 1.3}.get(n)
            if goal is not None:
                goals.append(Goal(f"{n} cards vs plain reportlab", row, ref_row, f"<= {goal} x", all_s / ref_s <= goal))
            if n == max(sizes):  # issue 25: rich text costs less than twice the plain deck (CPU, all outputs)
                goals.append(Goal(f"{n} cards, rich text and icons on every card", rich, ref_row))
                goals.append(Goal(f"{n} cards, rich text and icons on every card, against the plain deck", rich, row,
                                  "< 2 x (CPU, issue 25)", rich_c < 2 * all_c))
                varied_s, varied_c, varied_p = measured[5]
                varied = Figure(f"deck of {n} cards, rich text, each icon at a place of its own: printkit build "
                                "(all outputs)", varied_s, varied_c, varied_p, size(work / f"out-deck-varied-{n}"), varied_s / ref_s)
                figures.append(varied)
                goals.append(Goal(f"{n} cards, rich text, each icon at a place of its own, against the plain deck",
                                  varied, row))
        # 5. a hex map (0101 labels, a CSV of terrain and edges, a road) and a score pad, generated,
        # each interleaved with the 72-card reference
        extra = work / "extra"
        for gid, label in ((write_hexmap(extra, *((6, 5) if args.smoke else (30, 20))), "hex map {} cells"),
                           (write_pad(extra, 8 if args.smoke else 400), "score pad of {} sheets")):
            out = work / f"out-{gid}"
            (secs, cpu, peak), ref = run_side_by_side([(printkit_cmd("build", gid, "--data", str(extra), "--out", str(out),
                                                                     "--force", "--quiet", "--no-svg", "--paper", "a4"), None),
                                                       reference(72)], runs)
            stick = yardstick(ref)
            spec = gid.split("-", 1)[1]
            count = str(eval_cells(spec)) if "x" in spec else spec
            figures.append(Figure(f"{label.format(count)}: printkit build --no-svg (a4)", secs, cpu, peak, size(out),
                                  secs / stick.seconds))
            goals.append(Goal(label.format(count), figures[-1], stick))
        # 6. the live preview: a CSV cell saved -> the card's new face on the page (printkit serve, Chromium)
        saves = 3 if args.smoke else max(9, 2 * runs - 1)
        found = save_to_face(work, saves)
        if found is None:
            print("serve: no Chromium or Playwright here, its row is left out (bash .ci/browser installs them)")
        else:
            ref = run_side_by_side([reference(72)], runs)[0]
            stick = yardstick(ref)
            secs = statistics.median(found)
            figures.append(Figure(f"serve: save to updated face, deck of 72 cards (median of {saves} saves)",
                                  secs, None, None, 0, secs / stick.seconds))
            goals.append(Goal("live page: save to updated face, 72 cards", figures[-1], stick, "< 0.5 s (issue 30)",
                              secs < 0.5))
        shutil.rmtree(work, ignore_errors=True)
    _print(figures, runs, font)
    _print_goals(goals, runs)
    return 0


def eval_cells(size: str) -> int:
    """``"30x20"`` -> 600."""
    cols, rows = size.split("x")
    return int(cols) * int(rows)


def _print_goals(goals: list[Goal], runs: int) -> None:
    """The rows of issue 29's table, each beside the plain-reportlab reference measured in the same
    run (interleaved): a deck against the same deck, the others against the 72-card deck, the
    yardstick of how fast this machine is right now."""
    print(f"\nIssue 29's rows, median of {runs} interleaved run(s); ratio = printkit / plain reportlab of the same run")
    print("| job | wall time | CPU time | peak memory | reference (same run): wall, CPU, memory | wall ratio | CPU ratio "
          "| goal | met |")
    print("|---|---|---|---|---|---|---|---|---|")
    for g in goals:
        f, r = g.figure, g.reference
        cpu = "-" if f.cpu is None else f"{f.cpu:.2f} s"
        peak = "-" if f.peak_mb is None else f"{f.peak_mb:.0f} MB"
        cpu_ratio = "-" if f.cpu is None or not r.cpu else f"x{f.cpu / r.cpu:.2f}"
        met = "" if g.met is None else ("yes" if g.met else "no")
        print(f"| {g.job} | {f.seconds:.3f} s | {cpu} | {peak} | {r.label}: {r.seconds:.3f} s, {r.cpu or 0:.2f} s, "
              f"{r.peak_mb or 0:.0f} MB | x{f.seconds / r.seconds:.2f} | {cpu_ratio} | {g.goal or '-'} | {met} |")


def _print(figures: list[Figure], runs: int, font: str) -> None:
    try:
        from rich.console import Console
        from rich.table import Table
    except ImportError:  # pragma: no cover
        for f in figures:
            print(f"{f.label}: {f.seconds:.3f} s, CPU {f.cpu or 0:.3f} s, {f.peak_mb or 0:.0f} MB, {f.out_bytes} B" + (f", x{f.ratio:.2f}" if f.ratio else ""))
        return
    table = Table(title=f"printkit benchmarks (median of {runs} run(s), whole process, {os.cpu_count()} cores)")
    for col in ("job", "wall time", "CPU time", "peak memory", "output", "vs reportlab"):
        table.add_column(col, justify="left" if col == "job" else "right")
    for f in figures:
        table.add_row(f.label, f"{f.seconds:.3f} s", "-" if f.cpu is None else f"{f.cpu:.2f} s",
                      "-" if f.peak_mb is None else f"{f.peak_mb:.0f} MB", f"{f.out_bytes / 1024:.0f} KiB" if f.out_bytes else "-",
                      f"x{f.ratio:.2f}" if f.ratio is not None else "")
    Console(width=130).print(table)


if __name__ == "__main__":
    raise SystemExit(main())
