"""After vkrun stopped early (a crash or a lost device), write the job file of the runs it did not
reach, leaving out the one it died in (named on stdout), so the rest still run.

    python3 resume.py JOBS.txt VKRUN_LOG.txt NEW_JOBS.txt   # exit 1 when nothing is left
"""

from __future__ import annotations

import re
import sys
from pathlib import Path


def main(jobs: Path, log: Path, new: Path) -> int:
    done = set(re.findall(r"^run (\S+):", log.read_text(errors="replace") if log.exists() else "", re.MULTILINE))
    blocks = [b for b in jobs.read_text().split("\nend") if b.strip()]
    names = [re.search(r"^run (\S+)", b.strip(), re.MULTILINE).group(1) for b in blocks]
    left = [(n, b) for n, b in zip(names, blocks) if n not in done]
    if len(left) <= 1:
        return 1
    print(left[0][0])
    new.write_text("\nend".join(b for _, b in left[1:]) + "\nend\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])))
