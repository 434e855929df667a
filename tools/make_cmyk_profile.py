"""Make printkit's CMYK output profile (printkit/icc/printkit-cmyk.icc). Run once by a maintainer;
the build only reads the result.

Source: ``CGATS001Compat-v2-micro.icc`` from saucecontrol/Compact-ICC-Profiles (CC0 1.0), a
CMYK -> Lab table based on the CGATS TR 001-1995 (SWOP) characterization data, whose notice
lets profiles derived from it be distributed freely (name the Technical Report as the source).
That profile can only convert *from* CMYK. This script samples it on its own 6-level CMYK grid (1,296
patches) through littleCMS (Pillow's ImageCms) into a CGATS .ti3 file, and ArgyllCMS ``colprof``
(Debian package ``argyll``) builds from it a full output profile: A2B and B2A tables for all
intents, a maximum ink of 300 % and a medium black generation. The result is CC0 too.

    python tools/make_cmyk_profile.py   # needs `apt-get install argyll`
"""

from __future__ import annotations

import itertools
import shutil
import subprocess
import tempfile
from pathlib import Path

from PIL import Image, ImageCms

HERE = Path(__file__).resolve().parent
SOURCE = HERE / "CGATS001Compat-v2-micro.icc"
TARGET = HERE.parent / "printkit" / "icc" / "printkit-cmyk.icc"
LEVELS = [0, 51, 102, 153, 204, 255]
"""The source profile's own 6-point grid: sampling it there loses nothing."""


def patches() -> list[tuple[tuple[float, ...], tuple[float, float, float]]]:
    cmyk = list(itertools.product(LEVELS, repeat=4))
    image = Image.new("CMYK", (len(cmyk), 1))
    image.putdata(cmyk)
    to_lab = ImageCms.buildTransform(ImageCms.getOpenProfile(str(SOURCE)), ImageCms.createProfile("LAB"), "CMYK", "LAB")
    raw = ImageCms.applyTransform(image, to_lab).tobytes()  # type: ignore[union-attr]
    # In the raw bytes of a LAB image, a* and b* are signed bytes (getpixel shows them plus 128).
    lab = [(raw[i], raw[i + 1] - 256 * (raw[i + 1] > 127), raw[i + 2] - 256 * (raw[i + 2] > 127))
           for i in range(0, len(raw), 3)]
    return [(tuple(v / 2.55 for v in c), (l_ / 2.55, float(a), float(b))) for c, (l_, a, b) in zip(cmyk, lab)]


def ti3(rows: list[tuple[tuple[float, ...], tuple[float, float, float]]]) -> str:
    head = ["CTI3", "", 'DESCRIPTOR "CGATS TR 001 via CGATS001Compat-v2-micro (CC0)"', 'ORIGINATOR "printkit"',
            'DEVICE_CLASS "OUTPUT"', 'COLOR_REP "CMYK_LAB"', "", "NUMBER_OF_FIELDS 9", "BEGIN_DATA_FORMAT",
            "SAMPLE_ID CMYK_C CMYK_M CMYK_Y CMYK_K LAB_L LAB_A LAB_B STDEV_DE", "END_DATA_FORMAT", "",
            f"NUMBER_OF_SETS {len(rows)}", "BEGIN_DATA"]
    body = [f"{i + 1} " + " ".join(f"{v:.4f}" for v in (*c, *lab)) + " 0.0" for i, (c, lab) in enumerate(rows)]
    return "\n".join([*head, *body, "END_DATA", ""])


def main() -> None:
    colprof = shutil.which("colprof")
    if colprof is None:
        raise SystemExit("error: colprof not found (apt-get install argyll)")
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "printkit-cmyk"
        base.with_suffix(".ti3").write_text(ti3(patches()))
        subprocess.run([colprof, "-qm", "-kr", "-l300",
                        "-D", "printkit CMYK (CGATS TR 001 based)",
                        "-C", "CC0 1.0; derived from CGATS TR 001-1995 characterization data", str(base)],
                       check=True, stdout=subprocess.DEVNULL)
        TARGET.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(base.with_suffix(".icc"), TARGET)
    print(f"wrote {TARGET} ({TARGET.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
