"""A build killed at random moments, many times over: the kit folder always holds one whole kit
(the previous one byte-identical, or the complete new one), and whatever a kill left in the
staging folder is gone after the next command."""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

from printkit.output import STAGING

ROOT = Path(__file__).resolve().parent.parent
TINY = Path(__file__).resolve().parent / "games" / "tiny"
KILLS = 12
SIGNALS = [signal.SIGKILL, signal.SIGKILL, signal.SIGTERM, signal.SIGINT]


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def printkit(*args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-m", "printkit", *args], cwd=ROOT, env=env, text=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def test_a_build_killed_at_random_moments_never_leaves_a_mix_or_a_leftover(tmp_path: Path) -> None:
    data, out = tmp_path / "data", tmp_path / "out"
    game = data / "tiny"
    shutil.copytree(TINY, game)
    versions = [(game / "game.toml").read_text(), (game / "game.toml").read_text().replace("Hello", "Goodbye")]
    kits = []
    start = time.monotonic()
    for text in versions:
        (game / "game.toml").write_text(text)
        build = printkit("build", "--data", str(data), "--out", str(out), "--quiet", "--jobs", "2")
        assert build.wait(timeout=120) == 0, build.stderr.read() if build.stderr else ""
        kits.append(snapshot(out / "tiny"))
    took = (time.monotonic() - start) / 2  # one whole build, start to finish, on this machine now
    assert kits[0] != kits[1]

    seed = random.randrange(1 << 30)
    rng = random.Random(seed)
    current = 1
    for n in range(KILLS):
        (game / "game.toml").write_text(versions[1 - current])  # the next build makes the other kit
        proc = printkit("build", "--data", str(data), "--out", str(out), "--quiet", "--jobs", "2")
        time.sleep(rng.uniform(0.0, took * 1.1))
        sig = rng.choice(SIGNALS)
        proc.send_signal(sig)
        proc.wait(timeout=60)
        now = snapshot(out / "tiny")
        assert now in kits, f"kill {n} ({sig.name}, seed {seed}) left a mix of two kits"
        current = kits.index(now)
        left = {p.name for p in out.iterdir()} - {"tiny"}
        assert left <= {STAGING}, f"kill {n} (seed {seed}) left {left}"
        if sig != signal.SIGKILL:
            # Interrupted: exit 130 after cleaning up; or, signalled before printkit was listening
            # (still starting Python), killed by the signal before anything was written.
            assert proc.returncode in (0, 1, 130, -sig), (sig, proc.returncode, seed)
            assert not left, f"an interrupted build (seed {seed}) left its staging folder"
    # The next command, whatever it is, sweeps what the kills left (proof --out writes its two files only).
    proof = printkit("proof", "--data", str(data), "--out", str(out), "--json")
    assert proof.wait(timeout=60) == 0
    assert sorted(p.name for p in out.iterdir()) == ["tiny"]
    own = {"proof.json", "tiny-proof.pdf"}
    rest = {k: v for k, v in snapshot(out / "tiny").items() if k not in own}
    assert rest in [{k: v for k, v in kit.items() if k not in own} for kit in kits]
