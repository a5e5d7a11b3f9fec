"""W3: ConvertLinearAlgebraMatrix of a float32 row-major matrix to MUL_OPTIMAL, against numpy astype + copy.

Ours is the D3D12 path: the float32 row-major matrix sits in an UPLOAD buffer, the destination
size comes from GetLinearAlgebraMatrixConversionDestinationInfo, and one ConvertLinearAlgebraMatrix
is recorded on a command list once; what is timed is `ExecuteCommandLists` of that list (snapshot
the source, round every element, write the profile's opaque layout). The baseline is what numpy
needs to produce the same elements: `astype` to the destination type (ml_dtypes' dtype for E4M3)
plus a copy of the resulting bytes into a preallocated buffer. Timed interleaved, best of N each.

Each row also reports the peak memory of `dxlinalg convert` doing the same conversion from a
`.npy` file (with `--out`), over the input's size: measured in a fresh process, both as the
peak of the bytes tracemalloc traces (numpy reports its allocations to it) and as the growth of
the resident set (ru_maxrss) from just before the command ran. Goal: under 4x the input.

    python -m benchmarks --only W3 [--quick]
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys
import tempfile
import tracemalloc
from contextlib import redirect_stdout
from dataclasses import dataclass
from io import StringIO
from pathlib import Path

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
from dxlinalg.memory.host_allocator import retain_freed_memory
from dxlinalg.samples.host_helpers import GpuContext

WORKLOAD = "W3"
TITLE = "ConvertLinearAlgebraMatrix float32 row-major -> MUL_OPTIMAL vs numpy astype + copy"
GOAL = "<= 3x"

SIDE = {False: 4096, True: 512}
REPEATS = {False: 5, True: 2}
PROFILES = ("reference", "nvidia-h100")
TARGETS = {"FP16": (D3D12_LINEAR_ALGEBRA_DATATYPE_FLOAT16, np.dtype(np.float16)),
           "E4M3": (D3D12_LINEAR_ALGEBRA_DATATYPE_E4M3, np.dtype(ml_dtypes.float8_e4m3fn))}
REPO = Path(__file__).resolve().parents[1]
MEMORY_GOAL = 4.0     # dxlinalg convert's peak over its input


def weights(side: int) -> np.ndarray:
    return np.random.default_rng(1).normal(0, 1, (side, side)).astype(np.float32)


def _resident_bytes(field: str) -> int:
    """VmRSS (now) or VmHWM (the peak) of this process, from Linux's /proc/self/status.

    Not ru_maxrss: Linux carries that over from the parent across fork and exec, so a child of
    this benchmark would report the parent's larger peak. Elsewhere: ru_maxrss, for both.
    """
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith(field + ":"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def convert_memory_child(input_path: str, target: str, profile: str, output_path: str) -> None:
    """In a fresh process: run `dxlinalg convert` as the console script does; print its peaks as JSON."""
    from dxlinalg.commands.convert import run_convert

    retain_freed_memory()
    before = _resident_bytes("VmRSS")
    tracemalloc.start()
    with redirect_stdout(StringIO()):
        code = run_convert(input_path, None, None, "FLOAT32", "ROW_MAJOR", target, "MUL_OPTIMAL", None, None,
                           profile, output_path)
    traced = tracemalloc.get_traced_memory()[1]
    grown = _resident_bytes("VmHWM") - before
    print(json.dumps({"code": code, "traced_peak": traced, "rss_growth": grown}))


def convert_memory(profile: str, target: str, side: int) -> dict[str, float]:
    """Peak memory of `dxlinalg convert` float32 -> `target` MUL_OPTIMAL of a side x side matrix, over its input."""
    data_type = "FLOAT16" if target == "FP16" else target
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "w.npy"
        np.save(source, weights(side))
        child = subprocess.run(
            [sys.executable, "-c", "import sys; from benchmarks.w3_conversion import convert_memory_child as m; "
                                   "m(*sys.argv[1:])", str(source), data_type, profile, str(Path(folder) / "w.bin")],
            cwd=REPO, capture_output=True, text=True, check=True, timeout=600)
    peaks = json.loads(child.stdout.splitlines()[-1])
    if peaks["code"] != 0:
        raise AssertionError(f"W3 {profile} {target}: dxlinalg convert exited with {peaks['code']}")
    input_bytes = side * side * 4
    return {"convert_peak_bytes": peaks["traced_peak"], "convert_rss_growth_bytes": peaks["rss_growth"],
            "convert_peak_over_input": peaks["traced_peak"] / input_bytes,
            "convert_rss_growth_over_input": peaks["rss_growth"] / input_bytes}


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
    matrix = weights(side)
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
            memory = convert_memory(profile, target, side)
            rows.append({
                "name": f"{side} x {side} -> {target} MUL_OPTIMAL, {profile}", "seconds": m.seconds,
                "baseline_seconds": m.baseline_seconds, "ratio": m.ratio, "profile": profile, "target": target,
                "dest_size": m.dest_size, **memory,
                "notes": (f"ExecuteCommandLists of one recorded ConvertLinearAlgebraMatrix (DestSize {m.dest_size:,} "
                          f"bytes), debug layer on; vs numpy astype({TARGETS[target][1].name}) + copy of its "
                          f"{side * side * TARGETS[target][1].itemsize:,} bytes; best of {REPEATS[quick]} "
                          f"interleaved. dxlinalg convert of the same .npy with --out (fresh process): peak "
                          f"{memory['convert_peak_bytes'] / 2**20:.0f} MiB traced = "
                          f"{memory['convert_peak_over_input']:.2f}x the {side * side * 4 / 2**20:.0f} MiB input, "
                          f"resident set +{memory['convert_rss_growth_bytes'] / 2**20:.0f} MiB = "
                          f"{memory['convert_rss_growth_over_input']:.2f}x (goal at 4096 x 4096: under {MEMORY_GOAL:g}x)"),
            })
    return rows
