"""Driver of the nvgpu probe: builds the job files, reads the run's results, analyses them.

    python3 probe.py jobs BUILD_DIR                  # BUILD_DIR/{jobs,jobs_ub,jobs_extra}.bin, manifest.json
    python3 probe.py analyse RUN_DIR DATA_DIR         # RUN_DIR has results.bin (and results_ub.bin)

README.md beside this file says how to build and run probe.cu.
"""
from __future__ import annotations

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import cases


def write_jobs(build: str) -> None:
    os.makedirs(build, exist_ok=True)
    jobs, ub = cases.build()
    with open(os.path.join(build, "jobs.bin"), "wb") as f:
        f.write(jobs.to_bytes())
    with open(os.path.join(build, "jobs_ub.bin"), "wb") as f:
        f.write(ub.to_bytes())
    extra = cases.build_extra()
    with open(os.path.join(build, "jobs_extra.bin"), "wb") as f:
        f.write(extra.to_bytes())
    with open(os.path.join(build, "manifest.json"), "w") as f:
        json.dump({"jobs": jobs.manifest, "ub_jobs": ub.manifest, "extra_jobs": extra.manifest}, f, indent=0)
    warps = sum(m["warps"] for m in jobs.manifest)
    print("%d jobs, %d warps, %d bytes" % (len(jobs.manifest), warps, len(jobs.to_bytes())))


def main(argv: list[str]) -> int:
    if len(argv) == 3 and argv[1] == "jobs":
        write_jobs(argv[2])
        return 0
    if len(argv) == 4 and argv[1] == "analyse":
        import analyse
        analyse.main(argv[2], argv[3])
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
