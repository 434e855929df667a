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


def run(cmd: list[str], runs: int, before: list[str] | None = None) -> tuple[float, float, float]:
    """Median wall time, median CPU time (user + system, worker processes included) and peak RSS (MB,
    of the largest single process) of ``cmd`` over ``runs`` runs (``before`` runs untimed first)."""
    times, cpus, peak = [], [], 0.0
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for _ in range(runs):
        if before:
            subprocess.run(before, check=True, env=env, capture_output=True)
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        _, status, usage = os.wait4(proc.pid, 0)
        elapsed = time.perf_counter() - start
        if status != 0:
            raise SystemExit(f"benchmark command failed ({status}): {' '.join(cmd)}\n{proc.stderr.read().decode() if proc.stderr else ''}")
        times.append(elapsed)
        cpus.append(usage.ru_utime + usage.ru_stime)
        peak = max(peak, usage.ru_maxrss / 1024)
    return statistics.median(times), statistics.median(cpus), peak


def size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file()) if path.is_dir() else path.stat().st_size


def printkit_cmd(*args: str) -> list[str]:
    return [sys.executable, "-m", "printkit", *args]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    parser.add_argument("--smoke", action="store_true", help="smallest sizes, one run (for CI)")
    parser.add_argument("--runs", type=int, default=5, help="runs per figure (median); default 5")
    parser.add_argument("--data", type=Path, default=ROOT / "data", help="games to benchmark")
    args = parser.parse_args(argv)
    runs = 1 if args.smoke else args.runs
    sizes = [72] if args.smoke else [72, 1000, 10000]
    figures: list[Figure] = []
    font = str(files("printkit") / "fonts" / "DejaVuSans.ttf")
    with tempfile.TemporaryDirectory(prefix="printkit-bench-") as tmp:
        work = Path(tmp)
        games = sorted(p.name for p in args.data.iterdir() if (p / "game.toml").is_file())
        # 1. the games, each alone and all together, per paper (--force: a full build every run)
        for paper in (["a4"] if args.smoke else ["a4", "letter"]):
            for game in ([] if args.smoke else games):
                out = work / f"out-{game}-{paper}"
                secs, cpu, peak = run(printkit_cmd("build", game, "--data", str(args.data), "--out", str(out), "--paper", paper, "--force", "--quiet"), runs)
                figures.append(Figure(f"build {game} ({paper})", secs, cpu, peak, size(out)))
        out = work / "out-all"
        secs, cpu, peak = run(printkit_cmd("build", "--data", str(args.data), "--out", str(out), "--paper", "both", "--force", "--quiet"), runs)
        figures.append(Figure(f"build all {len(games)} games, A4 + Letter", secs, cpu, peak, size(out)))
        # the same on one core: what the workers add (CPU time) and save (wall time)
        out1 = work / "out-all-one-worker"
        secs, cpu, peak = run(printkit_cmd("build", "--data", str(args.data), "--out", str(out1), "--paper", "both", "--force", "--quiet", "--jobs", "1"), runs)
        figures.append(Figure(f"build all {len(games)} games, A4 + Letter, --jobs 1", secs, cpu, peak, size(out1)))
        # 4. a no-change rebuild of everything
        secs, cpu, peak = run(printkit_cmd("build", "--data", str(args.data), "--out", str(out), "--paper", "both", "--quiet"), runs)
        figures.append(Figure("no-change rebuild, all games", secs, cpu, peak, 0))
        # 2 + 3. CSV decks, printkit against plain reportlab
        decks = work / "decks"
        for n in sizes:
            write_deck(decks, n)
            ref_pdf = work / f"reference-{n}.pdf"
            ref_secs, ref_cpu, ref_peak = run([sys.executable, "-m", "benchmarks.reference", str(decks / f"deck-{n}" / "cards.csv"), str(ref_pdf)], runs)
            out = work / f"out-deck-{n}"
            secs, cpu, peak = run(printkit_cmd("build", f"deck-{n}", "--data", str(decks), "--out", str(out), "--force", "--quiet"), runs)
            pdf = out / f"deck-{n}" / f"deck-{n}-cards-a4.pdf"
            figures.append(Figure(f"deck of {n} cards: printkit build (all outputs)", secs, cpu, peak, size(pdf), secs / ref_secs))
            out = work / f"out-deck-{n}-pdf"
            secs, cpu, peak = run(printkit_cmd("build", f"deck-{n}", "--data", str(decks), "--out", str(out), "--force", "--quiet", "--no-svg"), runs)
            figures.append(Figure(f"deck of {n} cards: printkit build --no-svg", secs, cpu, peak, size(out / f"deck-{n}" / f"deck-{n}-cards-a4.pdf"), secs / ref_secs))
            secs, cpu, peak = run(printkit_cmd("build", f"deck-{n}", "--data", str(decks), "--out", str(out), "--force", "--quiet", "--no-svg", "--jobs", "1"), runs)
            figures.append(Figure(f"deck of {n} cards: printkit build --no-svg --jobs 1", secs, cpu, peak, size(out / f"deck-{n}" / f"deck-{n}-cards-a4.pdf"), secs / ref_secs))
            figures.append(Figure(f"deck of {n} cards: plain reportlab reference", ref_secs, ref_cpu, ref_peak, size(ref_pdf), 1.0))
            # the same deck with rich text (bold, italic, a colour span, an inline icon) on every card
            write_deck(decks, n, rich=True)
            out = work / f"out-deck-rich-{n}"
            secs, cpu, peak = run(printkit_cmd("build", f"deck-rich-{n}", "--data", str(decks), "--out", str(out), "--force", "--quiet"), runs)
            figures.append(Figure(f"deck of {n} cards, rich text and icons: printkit build (all outputs)", secs, cpu, peak,
                                  size(out / f"deck-rich-{n}" / f"deck-rich-{n}-cards-a4.pdf"), secs / ref_secs))
        # 5. the live preview: a CSV cell saved -> the card's new face on the page (printkit serve, Chromium)
        saves = 3 if args.smoke else max(9, 2 * runs - 1)
        found = save_to_face(work, saves)
        if found is None:
            print("serve: no Chromium or Playwright here, its row is left out (bash .ci/browser installs them)")
        else:
            figures.append(Figure(f"serve: save to updated face, deck of 72 cards (median of {saves} saves)",
                                  statistics.median(found), None, None, 0))
        shutil.rmtree(work, ignore_errors=True)
    _print(figures, runs, font)
    return 0


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
