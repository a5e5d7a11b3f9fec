"""The work budget: a loop that never ends is stopped after a deterministic amount of work (block runs weighed
by their instructions and the chunk's lanes), not after a count of block runs whose cost differs a
thousandfold between modules."""

import re
import struct
from pathlib import Path

import numpy as np
import pytest

from dxlinalg.spirv import (
    DEFAULT_STEP_LIMIT,
    DEFAULT_WORK_LIMIT,
    SpirvArgumentError,
    SpirvStepLimitError,
    prepare,
    run,
)
from dxlinalg.spirv.compiler import LANES_PER_CALL
from dxlinalg.spirv.program import HEAVY_WEIGHT, block_weight

SHADERS = Path(__file__).resolve().parents[2] / "dxlinalg" / "samples" / "spirv"
OP_ULESSTHAN, OP_INOTEQUAL = 176, 171
M = N = 16
K = 17          # with k < K mutated to k != K, k (0, 16, 32, ...) never meets K: the K loop never ends


def endless_gemm() -> bytes:
    """dxlinalg/samples/spirv/coopmat_gemm.spv with its loop test `k < K` mutated into `k != K`."""
    words = np.frombuffer((SHADERS / "coopmat_gemm.spv").read_bytes(), np.uint32).copy()
    position, found = 5, []
    while position < words.size:
        count, opcode = int(words[position]) >> 16, int(words[position]) & 0xFFFF
        if opcode == OP_ULESSTHAN:
            found.append(position)
        position += count
    assert len(found) == 1, "the GEMM module has one unsigned comparison: its K loop's"
    words[found[0]] = (words[found[0]] & 0xFFFF0000) | OP_INOTEQUAL
    return words.tobytes()


def run_endless(**limits: int) -> str:
    buffers = {(0, 0): np.zeros(M * K, np.float16), (0, 1): np.zeros(K * N, np.float16),
               (0, 2): np.zeros(M * N, np.float32)}
    with pytest.raises(SpirvStepLimitError) as raised:
        run(endless_gemm(), "main", (1, 1, 1), buffers, struct.pack("<3I", M, N, K), **limits)
    return str(raised.value)


def block_runs(message: str) -> int:
    found = re.search(r"\((\d+) block executions over (\d+) lanes\)", message)
    assert found, message
    return int(found.group(1))


def test_an_endless_cooperative_matrix_loop_stops_on_work_long_before_the_step_limit():
    divisor = 32
    message = run_endless(work_limit=DEFAULT_WORK_LIMIT // divisor)
    assert "exceeded its work limit" in message and "raise work_limit=" in message
    # by the default budget the loop would stop after divisor times as many block runs: a few thousand,
    # where the step limit alone let it run 200,000 (minutes of MulAdds)
    assert block_runs(message) * divisor < DEFAULT_STEP_LIMIT // 20


def test_the_work_limit_stops_at_the_same_block_run_every_time():
    limit = DEFAULT_WORK_LIMIT // 64
    assert run_endless(work_limit=limit) == run_endless(work_limit=limit)


def test_the_step_limit_still_applies_when_it_comes_first():
    assert "exceeded its step limit of 40 block executions" in run_endless(step_limit=40)


def test_a_block_weighs_its_instructions_phis_and_terminator_and_cooperative_ones_heavily():
    assert block_weight([], 0) == 1
    assert block_weight(["OpLoad", "OpIAdd", "OpStore"], 2) == 6
    assert block_weight(["OpLoad", "OpCooperativeMatrixMulAddKHR", "OpCooperativeVectorMatrixMulNV"], 0) == (
        1 + 1 + 2 * HEAVY_WEIGHT)


def test_a_block_run_spends_its_weight_times_the_chunks_lanes_plus_the_fixed_cost():
    entry = prepare(endless_gemm(), "main", None, 32).entry.blocks[0]
    per_run = entry.weight * (LANES_PER_CALL + 32)       # one subgroup of 32 lanes: a chunk of 32
    assert block_runs(run_endless(work_limit=per_run)) == 2         # the entry block spends exactly the budget
    assert block_runs(run_endless(work_limit=per_run - 1)) == 1


@pytest.mark.parametrize("limit", [0, -5])
def test_work_limit_must_be_positive(limit):
    with pytest.raises(SpirvArgumentError, match=f"work_limit = {limit} must be positive"):
        run(SHADERS / "workgroup_reduce.spv", buffers={(0, 0): np.zeros(64, np.float32),
                                                       (0, 1): np.zeros(2, np.uint32)},
            push_constants=struct.pack("<I", 64), work_limit=limit)
