"""L1: `dxlinalg/samples/spirv/workgroup_reduce.spv` (groupshared tree reduction, barriers) at 2^20 invocations, against
Mesa's lavapipe running the same module on the same machine.

Both sums are defined bit for bit: the shader fixes the order of the float additions, the values are normal
and so are their partial sums (no denormal to flush), so every group's sum and count must be the same bits
on both, or the workload fails.

    python -m benchmarks --only L1 [--quick]     # needs python -m benchmarks.lavapipe fetch
"""

from __future__ import annotations

import struct

import numpy as np

from benchmarks.peer import installed_lavapipe, notes, side_by_side

WORKLOAD = "L1"
TITLE = "workgroup_reduce.spv (groupshared, barriers), dxlinalg.spirv.run vs Mesa's lavapipe"
GOAL = "<= 5x"

INVOCATIONS = {False: 1 << 20, True: 1 << 12}
REPEATS = {False: 3, True: 1}
LOCAL_SIZE = 64


def run(quick: bool) -> list[dict[str, object]]:
    installed_lavapipe()
    count, repeats = INVOCATIONS[quick], REPEATS[quick]
    groups = count // LOCAL_SIZE
    values = np.random.default_rng(1).standard_normal(count).astype(np.float32)
    buffers = {(0, 0): values, (0, 1): np.zeros(2 * groups, np.uint32)}
    result = side_by_side("workgroup_reduce.spv", (groups, 1, 1), buffers, struct.pack("<I", count), repeats)
    theirs = result.theirs_as((0, 1), np.uint32)
    if not np.array_equal(result.ours[(0, 1)], theirs):
        differing = int(np.count_nonzero(result.ours[(0, 1)] != theirs))
        raise AssertionError(f"L1: {differing} of {theirs.size} sum/count words differ from lavapipe's")
    return [{"name": f"{count:,} invocations ({groups:,} groups of {LOCAL_SIZE})", "seconds": result.seconds,
             "baseline_seconds": result.lavapipe_seconds, "ratio": result.ratio, "invocations": count,
             "notes": notes(result, "every group's sum and count equal to lavapipe's, bit for bit", repeats)}]
