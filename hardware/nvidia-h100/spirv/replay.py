"""Read a matrix-vector run back and compute what the emulator says for the same bytes.

`observed(dump, variant)` decodes the results buffer vkrun dumped; `emulated(variant, cases)` runs
every case through dxlinalg.spirv.coopvec.matrix_mul on profile nvidia-h100: one call over
32 x (number of cases) lanes, each lane's MatrixOffset and BiasOffset pointing at its case, the
matrix bytes those jobs.py sent to the GPU.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from cases import Case
from jobs import PROFILE, RESULT_FILL, layout_of, run_buffers
from variants import LANES, Variant

RESULT_BITS = {2: np.uint16, 4: np.uint32}


def observed(dump: Path, variant: Variant, cases: list[Case], name: str | None = None) -> np.ndarray:
    """(cases, 32, M) result bits as the GPU left them (0xA5.. where nothing was written)."""
    raw = np.fromfile(dump / f"{name or variant.name}.s0b3.bin", np.uint8)
    per_lane = raw.reshape(len(cases) * LANES, variant.output_stride)[:, : variant.m * variant.output.size]
    bits = np.ascontiguousarray(per_lane).view(RESULT_BITS[variant.output.size])
    return bits.reshape(len(cases), LANES, variant.m)


def untouched(bits: np.ndarray) -> np.ndarray:
    """Where a result still holds the 0xA5 fill."""
    fill = int.from_bytes(bytes([RESULT_FILL]) * bits.dtype.itemsize, "little")
    return bits == fill


def emulated(variant: Variant, cases: list[Case], strict: bool = True) -> np.ndarray:
    """(cases, 32, M) result bits from the emulator's SPIR-V MatrixMul(Add) on nvidia-h100."""
    from dxlinalg.gpu import standalone_lanes
    from dxlinalg.gpu.resources import resolve_handle
    from dxlinalg.numerics.vulkan_types import component_type_from_vulkan
    from dxlinalg.spirv import coopvec
    from dxlinalg.spirv.coopvec import ArrayPointer, Bias
    from dxlinalg.spirv.coopvec_rules import CooperativeMatrixOperands, StorageClass

    buffers = run_buffers(variant, cases)
    layout = layout_of(variant)
    lanes = len(cases) * LANES
    case_of_lane = np.repeat(np.arange(len(cases)), LANES)
    inputs = np.stack([case.inputs for case in cases]).reshape(lanes, -1).astype(np.dtype(variant.input.numpy))
    operands = 0
    if variant.input.numpy in ("int8", "int32"):
        operands |= CooperativeMatrixOperands.MatrixBSignedComponents
    if variant.output.numpy == "int32":
        operands |= CooperativeMatrixOperands.MatrixResultSignedComponents
    result_type = component_type_from_vulkan({"float16": 0, "float32": 1, "int32": 5}[variant.output.numpy], "result")

    def pointer(data: bytes) -> ArrayPointer:
        return ArrayPointer(resolve_handle(np.frombuffer(data, np.uint8).copy(), "probe buffer"),
                            StorageClass.StorageBuffer)

    bias = None
    if variant.bias is not None:
        bias = Bias(pointer(buffers["biases"]), case_of_lane * layout.bias_stride, variant.bias.vulkan)
    with standalone_lanes(lanes, profile=PROFILE, strict=strict) as ctx:
        result = coopvec.matrix_mul(ctx, inputs, variant.input_interpretation.vulkan, pointer(buffers["matrices"]),
                                    case_of_lane * layout.matrix_stride, variant.matrix.vulkan, variant.m, variant.k,
                                    2, variant.transpose, 0, operands, result_type, variant.m, bias)
    bits = np.ascontiguousarray(result).view(RESULT_BITS[variant.output.size])
    return bits.reshape(len(cases), LANES, variant.m)
