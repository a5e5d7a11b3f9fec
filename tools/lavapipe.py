"""Mesa's lavapipe as a development peer: `python tools/lavapipe.py fetch | info | run JOBS.txt OUT_DIR`.

The same command as `python -m benchmarks.lavapipe`, where the code and its documentation live
(docs/performance.md, "L1-L3: against Mesa's lavapipe").
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.lavapipe import main  # the repository root is on the path only now

if __name__ == "__main__":
    sys.exit(main())
