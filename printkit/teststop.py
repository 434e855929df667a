"""Test-only: pause a build at a named stage, so a test can signal it at a known moment.

Not for users. With ``PRINTKIT_TEST_STOP_AT=<stage>`` in its environment, the process that runs
a build (never one of its forked workers) writes ``printkit: stopped at <stage>`` to stderr and
stops itself with SIGSTOP the first time it reaches that stage. A test waits for the stop
(``waitpid`` with ``WUNTRACED``: no sleeping, no guessing how long a build takes), then sends the
signal it is testing (SIGKILL, SIGTERM, SIGINT) or looks at the files, and lets the process go on
with SIGCONT. The stages, in the order a build reaches them:

``loaded``
    every game's data loaded and checked, nothing drawn;
``drawn``
    a game's pieces drawn, no output rendered (a build of one game; with several, games are drawn
    in workers and this stage is not reached);
``rendering``
    the worker processes forked and at work (only with more than one worker);
``rendered``
    every output file of every game in memory, nothing written;
``staged``
    a game's new kit written complete into its staging folder, the old kit still in place;
``swapped``
    the new kit in place, the old one in the staging folder, not yet removed.
"""

from __future__ import annotations

import os
import signal
import sys

ENV = "PRINTKIT_TEST_STOP_AT"
STAGES = ("loaded", "drawn", "rendering", "rendered", "staged", "swapped")

_ORIGIN = os.getpid()  # the building process; forked workers have other numbers
_reached: set[str] = set()


def stop_at(stage: str) -> None:
    """Stop this process here if the environment asks for ``stage`` (first time only)."""
    wanted = os.environ.get(ENV)
    if not wanted:
        return
    if wanted not in STAGES:
        raise RuntimeError(f"{ENV}={wanted!r}: not a stage ({', '.join(STAGES)})")
    if wanted != stage or stage in _reached or os.getpid() != _ORIGIN:
        return
    _reached.add(stage)
    sys.stdout.flush()
    print(f"printkit: stopped at {stage}", file=sys.stderr, flush=True)
    os.kill(os.getpid(), signal.SIGSTOP)
