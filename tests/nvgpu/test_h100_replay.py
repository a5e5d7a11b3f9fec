"""The H100's recorded answers (tests/data/nvidia_h100_nvgpu/, docs/hardware-nvidia-h100-nvgpu.md)
replayed through dxlinalg.nvgpu on the nvidia-h100 profile, word for word.

Every mma.sync / mma.sp.sync job nvgpu can express (float types, integers with .satfinite; nvgpu
lowers no integer mma without it) with its recorded registers as the operands: fragment layouts,
sparse metadata placement (undefined nibbles included, permissive), the arithmetic (accumulation,
rounding, overflow, special values, tf32 operands); every ldmatrix job from the probe's shared
buffer; every cp.async job (zero fill) through device_async_copy. The data format is the data
README's.
"""

from __future__ import annotations

import gzip
import json
import re
from functools import cache
from pathlib import Path

import ml_dtypes
import numpy as np
import pytest

from dxlinalg.gpu import (
    BufferMemory,
    GroupMemoryBarrierWithGroupSync,
    GroupSharedMemory,
    TypedView,
    if_,
    standalone_lanes,
)
from dxlinalg.nvgpu import (
    device_async_copy,
    device_async_create_group,
    device_async_wait,
    ldmatrix,
    mma_sp_sync,
    mma_sync,
)
from dxlinalg.nvgpu.mma_shapes import find_shape, operand_type_of

DATA = Path(__file__).parents[1] / "data" / "nvidia_h100_nvgpu"
TYPES = {"f16": np.float16, "bf16": ml_dtypes.bfloat16, "tf32": np.float32, "f32": np.float32, "f64": np.float64,
         "s8": np.int8, "u8": np.uint8, "s4": ml_dtypes.int4, "u4": ml_dtypes.uint4, "s32": np.int32}
MMA_NAME = re.compile(r"(sp_)?m(\d+)n(\d+)k(\d+)_([a-z0-9_]+?)(_sat)?(?:_sel(\d))?")


def _jobs(name: str, header: int) -> list[np.ndarray]:
    with gzip.open(DATA / name, "rb") as file:
        words = np.frombuffer(file.read(), dtype="<u4")
    jobs, position = [], 3
    for _ in range(int(words[2])):
        warps, per_lane = int(words[position + 1]), int(words[position + 2])
        position += header
        jobs.append(words[position: position + warps * 32 * per_lane].reshape(warps * 32, per_lane))
        position += warps * 32 * per_lane
    return jobs


@cache
def recorded(run: str) -> list[tuple[dict, np.ndarray, np.ndarray]]:
    manifest = json.loads((DATA / "manifest.json").read_text())[f"{run}_jobs" if run else "jobs"]
    suffix = f"_{run}" if run else ""
    return list(zip(manifest, _jobs(f"jobs{suffix}.bin.gz", 4), _jobs(f"results{suffix}.bin.gz", 3)))


def mma_jobs() -> list[tuple[str, int]]:
    """(run, job) of every recorded mma nvgpu can express: integers only with .satfinite."""
    jobs = []
    for run in ("", "extra"):
        for entry, _, _ in recorded(run):
            found = MMA_NAME.fullmatch(entry["op_name"])
            if found and (found.group(5).split("_")[-1] not in ("s8", "u8", "s4", "u4") or found.group(6)):
                jobs.append((run, entry["job"]))
    return jobs


def registers(words: np.ndarray, operand: str, rows: int) -> np.ndarray:
    """(lanes, words) register words as (lanes, rows, elements) of the operand type, element 0 low."""
    if operand in ("s4", "u4"):
        nibbles = ((words[:, :, None] >> (4 * np.arange(8, dtype=np.uint32))) & 0xF).astype(np.int8)
        if operand == "s4":
            nibbles = np.where(nibbles >= 8, nibbles - 16, nibbles).astype(np.int8)
        return nibbles.astype(TYPES[operand]).reshape(words.shape[0], rows, 8)
    return np.ascontiguousarray(words).view(TYPES[operand]).reshape(words.shape[0], rows, -1)


@pytest.mark.parametrize("run, job", mma_jobs(), ids=lambda v: str(v))
def test_every_recorded_mma_word(run, job):
    entry, inputs, outputs = next(item for item in recorded(run) if item[0]["job"] == job)
    found = MMA_NAME.fullmatch(entry["op_name"])
    sparse, (m, n, k) = bool(found.group(1)), (int(found.group(i)) for i in (2, 3, 4))
    parts = found.group(5).split("_")
    c_type, a_type = parts if len(parts) == 2 else ("f64" if parts[0] == "f64" else "s32", parts[0])
    tf32 = a_type == "tf32"
    shape = find_shape([m, n, k], operand_type_of(np.dtype(TYPES[a_type]), tf32, "replay"), sparse, "replay")
    per_register = 2 if a_type == "f64" else 1
    a_words, b_words = shape.a.vector[0] * per_register, shape.b.vector[0] * per_register
    c_words = shape.c.elements * np.dtype(TYPES[c_type]).itemsize // 4
    a = registers(inputs[:, :a_words], a_type, shape.a.vector[0])
    b = registers(inputs[:, a_words: a_words + b_words], a_type, shape.b.vector[0])
    c = np.ascontiguousarray(inputs[:, a_words + b_words: a_words + b_words + c_words]).view(TYPES[c_type])
    c = c.reshape(-1, *shape.c.vector)
    with np.errstate(all="ignore"):
        if sparse:
            metadata = np.ascontiguousarray(inputs[:, a_words + b_words + c_words]).view(np.int16).reshape(-1, 2)
            d = mma_sp_sync(a, b, c, metadata, [m, n, k], int(found.group(7) or 0), tf32, profile="nvidia-h100",
                            strict=False)        # the last meta trial has undefined (equal-index) nibbles
        else:
            d = mma_sync(a, b, c, [m, n, k], tf32, profile="nvidia-h100")
    got = np.ascontiguousarray(d).view(np.uint32).reshape(outputs.shape)
    assert np.array_equal(got, outputs), f"{entry['op_name']} ({entry['kind']}): {int((got != outputs).sum())} words"


def test_every_recorded_ldmatrix_word():
    for entry, inputs, outputs in recorded(""):
        if entry["kind"] != "ldmatrix":
            continue
        tiles, transpose = int(entry["op_name"][10]), entry["op_name"].endswith("trans")
        with standalone_lanes(inputs.shape[0], profile="nvidia-h100") as ctx:
            view = TypedView(GroupSharedMemory(ctx, 4096 * 2), np.uint16, (4096,))
            with if_(np.arange(ctx.lanes) == 0):                               # element e holds e
                view.store((np.zeros(ctx.lanes, np.int64),), np.tile(np.arange(4096, dtype=np.uint16), (ctx.lanes, 1)))
            GroupMemoryBarrierWithGroupSync()
            got = ldmatrix(view, (inputs[:, 0].astype(np.int64) // 2,), transpose, tiles)
        assert np.array_equal(np.ascontiguousarray(got).view(np.uint32).reshape(outputs.shape), outputs), entry


def test_every_recorded_cp_async_zero_fill():
    pattern = np.arange(1 << 16)
    source = ((pattern ^ (pattern >> 8)) & 0xFF).astype(np.uint8)
    for entry, inputs, outputs in recorded(""):
        if entry["kind"] != "cp_async":
            continue
        size = int(entry["cp_size"])
        with standalone_lanes(inputs.shape[0], profile="nvidia-h100") as ctx:
            lanes = np.arange(ctx.lanes)                           # each lane's own 32 bytes, all warps in one group
            memory = GroupSharedMemory(ctx, 32 * ctx.lanes)
            memory.fill(0, memory.size, 0xA5)
            dst = TypedView(memory, np.uint8, (32 * ctx.lanes,))
            src = TypedView(BufferMemory(source), np.uint8, (source.size,))
            token = device_async_copy(dst, lanes * 32, src, inputs[:, 0].astype(np.int64), size,
                                      srcElements=inputs[:, 1].astype(np.int64), bypassL1=entry["op_name"] == "cp_async_cg16")
            device_async_wait(device_async_create_group([token]))
            got = dst.load(lanes * 32, count=32)
        assert np.array_equal(got.view(np.uint32).reshape(outputs.shape), outputs), entry["op_name"]
