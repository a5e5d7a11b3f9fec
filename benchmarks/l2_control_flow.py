"""L2: `dxlinalg/samples/spirv/control_flow.spv` (divergent loops, switch, early returns, calls) at 2^20 invocations,
against Mesa's lavapipe running the same module on the same machine.

The results are integers the shader defines exactly, so both must write the same words, or the workload
fails. The inputs are uniform in [0, 2^16): Collatz walks of up to a few hundred steps and trial
division up to 256, so lanes diverge strongly.

    python -m benchmarks --only L2 [--quick]     # needs python -m benchmarks.lavapipe fetch
"""

from __future__ import annotations

import struct

import numpy as np

from benchmarks.peer import installed_lavapipe, notes, side_by_side

WORKLOAD = "L2"
TITLE = "control_flow.spv (divergent loops, switch, calls), dxlinalg.spirv.run vs Mesa's lavapipe"
GOAL = "<= 5x"

INVOCATIONS = {False: 1 << 20, True: 1 << 12}
REPEATS = {False: 2, True: 1}
LOCAL_SIZE = 64
VALUE_LIMIT = 1 << 16


def run(quick: bool) -> list[dict[str, object]]:
    installed_lavapipe()
    count, repeats = INVOCATIONS[quick], REPEATS[quick]
    groups = count // LOCAL_SIZE
    values = np.random.default_rng(2).integers(0, VALUE_LIMIT, count, dtype=np.uint32)
    values[::4099] = 0                           # the early-return path too
    buffers = {(0, 0): values, (0, 1): np.zeros(5 * count, np.uint32)}
    result = side_by_side("control_flow.spv", (groups, 1, 1), buffers, struct.pack("<I", count), repeats)
    theirs = result.theirs_as((0, 1), np.uint32)
    if not np.array_equal(result.ours[(0, 1)], theirs):
        differing = int(np.count_nonzero(result.ours[(0, 1)] != theirs))
        raise AssertionError(f"L2: {differing} of {theirs.size} result words differ from lavapipe's")
    return [{"name": f"{count:,} invocations ({groups:,} groups of {LOCAL_SIZE})", "seconds": result.seconds,
             "baseline_seconds": result.lavapipe_seconds, "ratio": result.ratio, "invocations": count,
             "notes": notes(result, "every result word equal to lavapipe's", repeats)}]
