"""Write the input files of every run (in/NAME.bBINDING.bin) and in/hashes.json (sha256 of each),
from the deterministic catalogue in runs.py. Run where the runs will run:

    python3 gen/make_inputs.py RUN_DIR          # needs numpy and ml_dtypes

`probe.py record` regenerates the inputs and compares them with the hashes the GPU machine wrote.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from runs import all_runs


def input_hashes(folder: Path | None = None, batch: int = 1) -> dict[str, str]:
    """sha256 of every input file; writes the files under folder/in when a folder is given."""
    hashes = {}
    for run in all_runs(batch):
        for buffer in run.buffers:
            if buffer.data is None:
                continue
            name = f"{run.name}.b{buffer.binding}.bin"
            hashes[name] = hashlib.sha256(buffer.data).hexdigest()
            if folder is not None:
                (folder / "in" / name).write_bytes(buffer.data)
    return hashes


def main(argv: list[str]) -> int:
    folder = Path(argv[0])
    (folder / "in").mkdir(parents=True, exist_ok=True)
    batch = int((folder / "batch.txt").read_text()) if (folder / "batch.txt").exists() else 1
    hashes = input_hashes(folder, batch)
    (folder / "in" / "hashes.json").write_text(json.dumps(hashes, indent=0, sort_keys=True) + "\n")
    print(f"wrote {len(hashes)} input files into {folder / 'in'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
