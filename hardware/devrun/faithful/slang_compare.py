"""The permissive byte-equality of Slang's tests: every module the H200 ran (its dumped buffers in a run's
faithful.npz.xz) run through dxlinalg.spirv.run on nvidia-h100 in permissive mode, buffer by buffer.

    PYTHONPATH=.:hardware/devrun/faithful python hardware/devrun/faithful/slang_compare.py RUN.npz.xz [--strict]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import reduce

from dxlinalg.errors import DxLinalgError
from dxlinalg.spirv import run

HERE = Path(__file__).resolve().parent


def main(source: Path, strict: bool) -> int:
    data = reduce.load(source)
    manifest = json.loads((HERE / "slang" / "manifest.json").read_text())
    counts = {"equal": 0, "differ": 0, "emulator refused": 0, "not run on the GPU": 0}
    for test in manifest["tests"]:
        keys = {f"slang_{test['key']}.s{b['set']}b{b['binding']}": b for b in test["buffers"]}
        if not all(k in data for k in keys):
            counts["not run on the GPU"] += 1
            continue
        buffers = {}
        for b in test["buffers"]:
            initial = np.zeros(max(b["size"], 4), np.uint8)
            words = np.array(b["words"], np.uint32).view(np.uint8)
            initial[:words.size] = words
            buffers[(b["set"], b["binding"])] = initial
        try:
            got = run(HERE / "slang" / f"{test['key']}.spv", buffers=buffers, profile="nvidia-h100", strict=strict)
        except DxLinalgError as error:
            counts["emulator refused"] += 1
            print(f"refused {test['key']}: {str(error)[:160]}")
            continue
        same = all(np.asarray(got[(b["set"], b["binding"])]).tobytes() == data[k].tobytes() for k, b in keys.items())
        counts["equal" if same else "differ"] += 1
        if not same:
            print(f"differs {test['key']}")
    print(json.dumps(counts))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(Path(sys.argv[1]), "--strict" in sys.argv))
