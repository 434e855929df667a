"""`printkit serve` in a real browser: the served process and a headless Chromium driven by Playwright.

Shared by the browser tests (tests/test_serve_browser.py) and the save-to-face benchmark. Playwright
drives the system's Chromium (Debian's ``chromium``; ``.ci/browser`` installs it), never a browser
build of its own, in a fresh profile with everything that would reach the network turned off.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


def chromium() -> Path | None:
    """The system's Chromium, when installed (and Playwright with it)."""
    try:
        import playwright  # noqa: F401
    except ImportError:
        return None
    found = shutil.which("chromium")
    return Path(found) if found else (CHROMIUM if CHROMIUM.exists() else None)


def ctrl_c_reaches_it() -> None:
    """``preexec_fn`` for a child that a test stops with SIGINT: Ctrl-C's default action, whatever this
    process has. A command started in the background by a shell without job control (``cmd &`` in a
    script, as CI may run the suite) has SIGINT ignored, and its children inherit that: their Ctrl-C
    would never arrive. A terminal user's printkit always gets it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Served:
    """A running ``printkit serve``: its URL, and each line it prints, read as it comes."""

    def __init__(self, proc: subprocess.Popen[str], url: str) -> None:
        self.proc, self.url = proc, url

    def line(self, starting: str) -> str:
        """The next line printed that starts with ``starting`` (blocks until it comes)."""
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            if line.startswith(starting):
                return line
        raise AssertionError(f"printkit serve ended before printing {starting!r}")

    def interrupt(self, timeout: float = 30) -> tuple[int, str]:
        """Ctrl-C: the exit code and what was printed on stderr."""
        self.proc.send_signal(signal.SIGINT)
        _, err = self.proc.communicate(timeout=timeout)
        return self.proc.returncode, err


@contextmanager
def serve(cwd: Path, *args: str, env: dict[str, str] | None = None) -> Iterator[Served]:
    """``printkit serve ARGS`` run in ``cwd`` (with ``env`` added to the environment); stopped (Ctrl-C)
    on the way out."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "200", **(env or {})}
    proc = subprocess.Popen([sys.executable, "-m", "printkit", "serve", *args], cwd=cwd, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=ctrl_c_reaches_it)
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:\d+/", first)
        if not found:
            raise AssertionError(f"printkit serve did not say where it serves: {first!r} {proc.communicate()[1]}")
        yield Served(proc, found.group(0))
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)
            try:
                proc.communicate(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.communicate()


@contextmanager
def browser(width: int = 1280, height: int = 900) -> Iterator[Any]:
    """A page of a headless Chromium in a fresh profile (Playwright's sync API)."""
    from playwright.sync_api import sync_playwright

    path = chromium()
    if path is None:
        raise RuntimeError("no Chromium (apt-get install chromium) or no Playwright (pip install playwright)")
    with tempfile.TemporaryDirectory(prefix="printkit-chromium-") as profile, sync_playwright() as p:
        context = p.chromium.launch_persistent_context(profile, executable_path=str(path), headless=True, args=ARGS,
                                                       viewport={"width": width, "height": height})
        try:
            yield context.pages[0] if context.pages else context.new_page()
        finally:
            context.close()


def face_src(page: Any, ref: str) -> str:
    """The URL of the picture of face ``ref`` on the preview page."""
    return str(page.get_attribute(f'figure[data-ref="{ref}"] img', "src"))


def wait_face_changed(page: Any, ref: str, old: str, timeout: float = 60_000) -> str:
    """Wait (an event of the page, ``timeout`` ms at most) until face ``ref`` shows a new picture, loaded;
    returns its URL. (An arrow function: the page's Content-Security-Policy refuses ``eval``, which
    Playwright would use to poll a bare expression.)"""
    page.wait_for_function("([ref, old]) => { const img = document.querySelector(`figure[data-ref='${ref}'] img`);"
                           " return img && img.getAttribute('src') !== old && img.complete && img.naturalWidth > 0; }",
                           arg=[ref, old], timeout=timeout)
    return face_src(page, ref)
