"""`dx.op.outerproductaccumulate` (307) and `dx.op.vectoraccumulate` (308): atomic adds into memory.

outerproductaccumulate: Matrix (M x N, OuterProductOptimal, element type `matrix_interpretation`)
+= vector1 * transpose(vector2), component-wise atomically. vectoraccumulate: array[i] += vector[i]
atomically, the array holding elements of the vector's own type. Granularity, order and rounding
of the atomics are the profile's (`dxlinalg.linalg.atomics`). Inactive lanes, and in permissive mode
lanes whose write would leave the buffer, add nothing. DXIL's operand order and rules here; the
accumulation itself is the shared core's (`dxlinalg.linalg.accumulate`).
"""

from __future__ import annotations

import numpy as np

from dxlinalg.dxil import rules
from dxlinalg.errors import InvalidArgumentError
from dxlinalg.gpu.context import current_context, lanes_for
from dxlinalg.gpu.resources import resolve_handle
from dxlinalg.linalg.accumulate import accumulate_lanes, element_slots
from dxlinalg.linalg.atomics import LaneFactors
from dxlinalg.numerics.component_types import ComponentType, MatrixLayout, type_info
from dxlinalg.profile.matrix_storage import MatrixDescription, stored_size
from dxlinalg.profile.model import DeviceProfile


def outerproductaccumulate(vector1: np.ndarray, vector2: np.ndarray, matrix: object,
                           matrix_offset: int | np.ndarray, matrix_interpretation: ComponentType | int,
                           layout: MatrixLayout | int, stride: int, *,
                           profile: str | DeviceProfile | None = None, strict: bool | None = None) -> None:
    """DXIL OuterProductAccumulate (opcode 307)."""
    op = "outerproductaccumulate"
    v1, v2 = _lane_vectors(vector1), _lane_vectors(vector2)
    with lanes_for(v1.shape[0], profile, strict, op) as ctx:
        rules.check_accumulate_vector(v1, ctx.lanes, "vector1", op)
        rules.check_accumulate_vector(v2, ctx.lanes, "vector2", op)
        input_type = rules.check_outer_product_vector_types(v1, v2)
        accumulation_type = rules.check_memory_interpretation(matrix_interpretation, "matrix_interpretation", op)
        matrix_layout = rules.check_layout(layout, op)
        rules.check_outer_product_layout(matrix_layout, rules.check_stride_value(stride, op))
        rules.check_outer_product_supported(ctx, input_type, accumulation_type)
        rng = resolve_handle(matrix, f"{op}: matrix", writable=True)
        offsets = ctx.lane_offsets(matrix_offset, "matrix_offset")
        rules.check_offset_alignment(ctx, rng, offsets, rules.MATRIX_ALIGNMENT, "matrix_offset",
                                     "matrix alignment", op)
        m, n = v1.shape[1], v2.shape[1]
        desc = MatrixDescription(m, n, accumulation_type, matrix_layout)
        writing = rules.check_in_bounds(ctx, rng, offsets, stored_size(desc, ctx.profile), "matrix_offset",
                                        "matrix accumulate", op)
        slots, element_index = element_slots(ctx.profile, desc)
        accumulate_lanes(ctx, rng, offsets, writing, slots, element_index, accumulation_type, LaneFactors(v1, v2))


def vectoraccumulate(vector: np.ndarray, array: object, array_offset: int | np.ndarray, *,
                     profile: str | DeviceProfile | None = None, strict: bool | None = None) -> None:
    """DXIL VectorAccumulate (opcode 308)."""
    op = "vectoraccumulate"
    values = _lane_vectors(vector)
    with lanes_for(values.shape[0], profile, strict, op) as ctx:
        input_type = rules.check_accumulate_vector(values, ctx.lanes, "vector", op)
        rules.check_vector_accumulate_supported(ctx, input_type)
        rng = resolve_handle(array, f"{op}: array", writable=True)
        offsets = ctx.lane_offsets(array_offset, "array_offset")
        rules.check_offset_alignment(ctx, rng, offsets, rules.ACCUMULATE_ARRAY_ALIGNMENT, "array_offset",
                                     "output array alignment", op)
        count = values.shape[1]
        writing = rules.check_in_bounds(ctx, rng, offsets, count * type_info(input_type).size_bytes,
                                        "array_offset", "array accumulate", op)
        accumulate_lanes(ctx, rng, offsets, writing, np.arange(count), np.arange(count), input_type,
                    LaneFactors(values))


def _lane_vectors(vector: np.ndarray) -> np.ndarray:
    array = np.asarray(vector)
    running = current_context()
    if running is not None and array.ndim == 1:
        array = np.broadcast_to(array, (running.lanes, array.shape[0]))
    if array.ndim != 2:
        raise InvalidArgumentError(f"accumulate vectors must have shape (lanes, N), got {array.shape}")
    return array
