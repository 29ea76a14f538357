"""Masking of Keras' timing fields, for compat scripts that print `fit`/`evaluate`/`predict` progress.

A script opts in with a line `# compat: mask-keras-timing`. Both its TF recording (compat/record.py) and
tfshim's output (tests/test_compat.py) are then passed through `mask_timing` before being written or
compared. Only what depends on the clock is masked:
- verbose=1 draws its bar as frames separated by backspaces and a carriage return; which intermediate
  frames appear depends on elapsed time (Keras skips redraws closer than 0.05 s), and so does the padding
  of the last frame, so a line keeps only its last frame, without trailing blanks;
- in that frame, the elapsed seconds and the time per step (`\\x1b[1m0s\\x1b[0m 3ms/step`);
- verbose=2's `- 0s - 3ms/step`.
Everything else (step counts, the bar, every metric) must match byte for byte.
"""

from __future__ import annotations

import re
from pathlib import Path

MARKER = "# compat: mask-keras-timing"

_BAR_TIME = re.compile(r"\x1b\[1m\d+s\x1b\[0m \d+(?:us|ms|s)/step")
_LINE_TIME = re.compile(r"^(\s*\d+/\d+) - \d+s - \d+(?:us|ms|s)/step", re.M)


def wants_mask(script: Path) -> bool:
    return MARKER in script.read_text(encoding="utf-8")


def mask_timing(text: str) -> str:
    lines = []
    for line in text.split("\n"):
        if "\r" in line:
            line = line.rsplit("\r", 1)[1].rstrip(" ")
            line = _BAR_TIME.sub("\x1b[1m#s\x1b[0m #/step", line)
        lines.append(line)
    return _LINE_TIME.sub(r"\1 - #s - #/step", "\n".join(lines))
