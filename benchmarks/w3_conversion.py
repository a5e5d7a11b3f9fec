"""W3: ConvertLinearAlgebraMatrix of a float32 row-major matrix to MUL_OPTIMAL, against numpy astype + copy.

Ours is the D3D12 path: the float32 row-major matrix sits in an UPLOAD buffer, the destination
size comes from GetLinearAlgebraMatrixConversionDestinationInfo, and one ConvertLinearAlgebraMatrix
is recorded on a command list once; what is timed is `ExecuteCommandLists` of that list (snapshot
the source, round every element, write the profile's opaque layout). The baseline is what numpy
needs to produce the same elements: `astype` to the destination type (ml_dtypes' dtype for E4M3)
plus a copy of the resulting bytes into a preallocated buffer. Timed interleaved, best of N each.

    python -m benchmarks --only W3 [--quick]
"""

from __future__ import annotations

from dataclasses import dataclass

import ml_dtypes
import numpy as np

from benchmarks.timing import best_time
from d3d12api import (
    D3D12_COMMAND_LIST_TYPE_DIRECT,
    D3D12_LINEAR_ALGEBRA_DATATYPE_E4M3,
    D3D12_LINEAR_ALGEBRA_DATATYPE_FLOAT16,
    D3D12_LINEAR_ALGEBRA_DATATYPE_FLOAT32,
    D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_DATA,
    D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_DEST_INFO,
    D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_INFO,
    D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_SRC_INFO,
    D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT_MUL_OPTIMAL,
    D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT_ROW_MAJOR,
    ThrowIfFailed,
)
from shaders.host_helpers import GpuContext

WORKLOAD = "W3"
TITLE = "ConvertLinearAlgebraMatrix float32 row-major -> MUL_OPTIMAL vs numpy astype + copy"
GOAL = "<= 3x"

SIDE = {False: 4096, True: 512}
REPEATS = {False: 5, True: 2}
PROFILES = ("reference", "nvidia-h100")
TARGETS = {"FP16": (D3D12_LINEAR_ALGEBRA_DATATYPE_FLOAT16, np.dtype(np.float16)),
           "E4M3": (D3D12_LINEAR_ALGEBRA_DATATYPE_E4M3, np.dtype(ml_dtypes.float8_e4m3fn))}


@dataclass(frozen=True)
class Measurement:
    profile: str
    target: str
    side: int
    dest_size: int
    seconds: float
    baseline_seconds: float

    @property
    def ratio(self) -> float:
        return self.seconds / self.baseline_seconds


def measure(profile: str, target: str, side: int, repeats: int) -> Measurement:
    """Record the conversion once, time its execution and the numpy equivalent, interleaved."""
    data_type, dtype = TARGETS[target]
    matrix = np.random.default_rng(1).normal(0, 1, (side, side)).astype(np.float32)
    gpu = GpuContext(profile)
    source = gpu.upload_buffer(matrix, name="weights (float32 row-major)")
    info = D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_INFO(
        DestInfo=D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_DEST_INFO(
            DestLayout=D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT_MUL_OPTIMAL, DestStride=0, NumRows=side,
            NumColumns=side, DestDataType=data_type),
        SrcInfo=D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_SRC_INFO(
            SrcSize=matrix.nbytes, SrcDataType=D3D12_LINEAR_ALGEBRA_DATATYPE_FLOAT32,
            SrcLayout=D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT_ROW_MAJOR, SrcStride=side * 4))
    gpu.device.GetLinearAlgebraMatrixConversionDestinationInfo(info.DestInfo)
    destination = gpu.create_buffer(info.DestInfo.DestSize, uav=True, name="weights (MUL_OPTIMAL)")
    info.DataDesc = D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_DATA(DestVA=destination.GetGPUVirtualAddress(),
                                                                SrcVA=source.GetGPUVirtualAddress())
    allocator = gpu.device.CreateCommandAllocator(D3D12_COMMAND_LIST_TYPE_DIRECT)
    command_list = gpu.device.CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator, None)
    command_list.ConvertLinearAlgebraMatrix(info, 1)
    ThrowIfFailed(command_list.Close())
    copy = np.empty(matrix.size * dtype.itemsize, np.uint8)

    def ours() -> None:
        gpu.queue.ExecuteCommandLists(1, [command_list])

    def numpy_equivalent() -> None:
        np.copyto(copy, matrix.astype(dtype).view(np.uint8).reshape(-1))

    ours()
    numpy_equivalent()
    seconds = baseline = float("inf")
    for _ in range(repeats):
        seconds = min(seconds, best_time(ours, 1))
        baseline = min(baseline, best_time(numpy_equivalent, 1))
    if not destination.buffer.data.any():
        raise AssertionError(f"W3 {profile} {target}: the conversion wrote nothing")
    return Measurement(profile, target, side, int(info.DestInfo.DestSize), seconds, baseline)


def run(quick: bool) -> list[dict[str, object]]:
    side = SIDE[quick]
    rows = []
    for profile in PROFILES:
        for target in TARGETS:
            m = measure(profile, target, side, REPEATS[quick])
            rows.append({
                "name": f"{side} x {side} -> {target} MUL_OPTIMAL, {profile}", "seconds": m.seconds,
                "baseline_seconds": m.baseline_seconds, "ratio": m.ratio, "profile": profile, "target": target,
                "dest_size": m.dest_size,
                "notes": (f"ExecuteCommandLists of one recorded ConvertLinearAlgebraMatrix (DestSize {m.dest_size:,} "
                          f"bytes), debug layer on; vs numpy astype({TARGETS[target][1].name}) + copy of its "
                          f"{side * side * TARGETS[target][1].itemsize:,} bytes; best of {REPEATS[quick]} "
                          f"interleaved"),
            })
    return rows
