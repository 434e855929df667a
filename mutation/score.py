"""The score of a cosmic-ray session: killed / tested, leaving out the mutants the operator filter skipped."""

from __future__ import annotations

import sqlite3
import sys

for path in sys.argv[1:]:
    db = sqlite3.connect(path)
    rows = db.execute("SELECT worker_outcome, test_outcome, COUNT(*) FROM work_results GROUP BY 1, 2").fetchall()
    total = db.execute("SELECT COUNT(*) FROM work_items").fetchone()[0]
    counts: dict[str, int] = {}
    for worker, test, n in rows:
        key = "skipped" if worker == "SKIPPED" else (test or worker).lower()
        counts[key] = counts.get(key, 0) + n
    tested = sum(n for k, n in counts.items() if k != "skipped")
    killed = counts.get("killed", 0) + counts.get("incompetent", 0)
    pending = total - sum(counts.values())
    score = f"{100 * killed / tested:.1f} %" if tested else "-"
    print(f"{path}: {killed} killed of {tested} tested ({score}); {counts.get('survived', 0)} survived, "
          f"{counts.get('skipped', 0)} skipped by the operator filter, {pending} not run yet")
