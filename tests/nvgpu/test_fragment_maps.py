"""The fragment maps: each is a bijection onto its matrix, and each equals MLIR's general rule."""

from __future__ import annotations

import numpy as np
import pytest

from dxlinalg.nvgpu import fragments as f
from dxlinalg.nvgpu.mma_shapes import DENSE, SPARSE, MmaShape, Operand
from tests.nvgpu.oracle import general_rule

SHAPES = [*DENSE, *SPARSE]


def operands(shape: MmaShape) -> list[tuple[str, Operand]]:
    return [("A", shape.a), ("B", shape.b), ("C", shape.c)]


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: f"{'sp.' if s.sparse else ''}{s.name}")
def test_every_map_is_a_bijection_onto_its_matrix(shape: MmaShape) -> None:
    for name, operand in operands(shape):
        rows, cols = f.positions(operand.map, operand.elements)
        assert rows.min() >= 0 and rows.max() < operand.rows and cols.min() >= 0 and cols.max() < operand.cols, name
        cells = set(zip(rows.ravel().tolist(), cols.ravel().tolist()))
        assert len(cells) == rows.size == operand.rows * operand.cols, f"{shape.name} {name}: not one-to-one"


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: f"{'sp.' if s.sparse else ''}{s.name}")
def test_every_map_is_mlirs_general_rule(shape: MmaShape) -> None:
    """MMAUtils.cpp's rule works on B transposed (N x K) and on sparse A's compressed matrix."""
    for name, operand in operands(shape):
        registers, per = operand.vector
        for lane in range(32):
            for register in range(registers):
                for element in range(per):
                    row, col = operand.map(lane, register * per + element)
                    if name == "B":
                        expected = general_rule(operand.cols, per, lane, register, element)[::-1]
                    else:
                        expected = general_rule(operand.rows, per, lane, register, element)
                    assert (int(row), int(col)) == expected, (shape.name, name, lane, register, element)


def test_the_ptx_text_examples_of_m16n8k16() -> None:
    """PTX 9.7.14.5.8: lane 5 is groupID 1, threadID_in_group 1."""
    assert [f.a_m16n8k16_b16(5, i) for i in range(8)] == [(1, 2), (1, 3), (9, 2), (9, 3), (1, 10), (1, 11),
                                                         (9, 10), (9, 11)]
    assert [f.b_m16n8k16_b16(5, i) for i in range(4)] == [(2, 1), (3, 1), (10, 1), (11, 1)]
    assert [f.c_m16n8(5, i) for i in range(4)] == [(1, 2), (1, 3), (9, 2), (9, 3)]


def test_the_maps_take_arrays_of_lanes_and_elements() -> None:
    lanes = np.arange(32)[:, None]
    rows, cols = f.a_m16n8k32_b8(lanes, np.arange(16)[None, :])
    assert rows.shape == cols.shape == (32, 16)
    assert (int(rows[31, 15]), int(cols[31, 15])) == (15, 31)


def test_nvidias_mul_optimal_lane_maps_are_the_b_fragments() -> None:
    """docs/nvidia-h100-layout.md: a 2-byte block holds one k8 half of an m16n8k16 B fragment (matrix
    row = n, column = k), a 1-byte block one k16 half of an m16n8k32 B fragment."""
    from dxlinalg.numerics.layouts.nvidia import lane_map_b8, lane_map_b16
    lanes = np.arange(32)[:, None]
    for layout_map, fragment_map, elements in ((lane_map_b16, f.b_m16n8k16_b16, 2), (lane_map_b8, f.b_m16n8k32_b8, 4)):
        n, k = np.broadcast_arrays(*layout_map(lanes, np.arange(elements)[None, :]))
        fragment_k, fragment_n = np.broadcast_arrays(*fragment_map(lanes, np.arange(elements)[None, :]))
        assert np.array_equal(k, fragment_k) and np.array_equal(n, fragment_n)
