"""The NVIDIA optimal-layout rule against what the real H100 Vulkan driver wrote and reported.

Reference data: tests/data/nvidia_h100 (make_data.py there regenerates it from the raw probe
output and says where that came from).
"""

from __future__ import annotations

import csv
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.numerics.component_types import ComponentType as CT
from dxlinalg.numerics.component_types import MatrixLayout as ML
from dxlinalg.numerics.layouts.nvidia import (
    SUPPORTED_TYPES, lane_map_b8, lane_map_b8_pairs, lane_map_b16, nvidia_optimal_size,
    nvidia_slot_table, nvidia_storage_type)

DATA = Path(__file__).resolve().parents[1] / "data" / "nvidia_h100"
OPTIMAL = (ML.MulOptimal, ML.OuterProductOptimal)

# Vulkan VkComponentTypeKHR -> DXIL ComponentType.
VK_TYPES = {0: CT.F16, 1: CT.F32, 3: CT.I8, 4: CT.I16, 5: CT.I32, 7: CT.U8, 8: CT.U16, 9: CT.U32,
            1000491002: CT.F8_E4M3, 1000491003: CT.F8_E5M2,
            1000567002: CT.F8_E4M3, 1000567003: CT.F8_E5M2}
# Driver quirk: for the newer FP8 enum values (VK_EXT_shader_float8 numbering) it reports the
# sizes of a 1-byte type (identical to SINT8), not the FP16-widened sizes of 1000491002/3.
VK_NEW_FP8 = {1000567002, 1000567003}
# make_data.py's kind codes; 6 is E4M3 under enum 1000567002, which the driver stores as one byte
# in exactly the int8 arrangement.
LAYOUT_KINDS = {0: CT.F16, 1: CT.I8, 2: CT.F8_E4M3, 3: CT.F32, 4: CT.U8, 5: CT.F8_E5M2, 6: CT.I8}


def _sizes(name: str) -> list[tuple[int, int, int, int, int]]:
    with open(DATA / name) as f:
        return [(int(r["vk_component_type"]), int(r["vk_layout"]), int(r["rows"]), int(r["cols"]),
                 int(r["dst_size_bytes"])) for r in csv.DictReader(f, delimiter="\t")]


def _layout_tables(name: str) -> list[tuple[int, int, int, int, int, np.ndarray]]:
    with np.load(DATA / name, allow_pickle=False) as z:
        length = z["length"]
        total = int(length.sum())
        valid = np.unpackbits(z["valid"], count=total).astype(bool)
        flat = np.full(total, -1, np.int64)
        flat[valid] = np.cumsum(z["deltas"].astype(np.int64))
        bounds = np.cumsum(length)[:-1]
        meta = zip(z["kind"], z["layout"], z["rows"], z["cols"], z["size_bytes"])
        return [(int(k), int(lay), int(r), int(c), int(s), t)
                for (k, lay, r, c, s), t in zip(meta, np.split(flat, bounds))]


def _size_mismatches(rows: list[tuple[int, int, int, int, int]]) -> list[tuple]:
    wrong = []
    for vk, lay, r, c, size in rows:
        ct = CT.I8 if vk in VK_NEW_FP8 else VK_TYPES[vk]
        if nvidia_optimal_size(ct, ML(lay), r, c) != size:
            wrong.append((vk, lay, r, c, size, nvidia_optimal_size(ct, ML(lay), r, c)))
    return wrong


def _table_mismatches(tables: list[tuple[int, int, int, int, int, np.ndarray]]) -> list[tuple]:
    wrong = []
    for kind, lay, r, c, size, expect in tables:
        ct = LAYOUT_KINDS[kind]
        got = nvidia_slot_table(ct, ML(lay), r, c)
        if nvidia_optimal_size(ct, ML(lay), r, c) != size or not np.array_equal(got, expect):
            wrong.append((ct.name, lay, r, c))
    return wrong


def test_sizes_match_every_optimal_row_of_sizes_tsv() -> None:
    rows = _sizes("sizes_optimal.tsv")
    assert len(rows) == 3136  # 8 Vulkan types x 2 layouts x 14 x 14 shapes, dims 1..64
    wrong = _size_mismatches(rows)
    assert not wrong, wrong[:10]


def test_slot_tables_match_every_layouts_bin_entry() -> None:
    tables = _layout_tables("layouts.npz")
    assert len(tables) == 3 * 2 * 26 * 26  # f16, int8 (b0+b1), e4m3 (d0+d1); 2 layouts; 26 x 26 shapes
    wrong = _table_mismatches(tables)
    assert not wrong, wrong[:10]


def test_unseen_shapes_from_the_hardware_check() -> None:
    """Shapes and types outside the reference data, dumped once on the H100 (vkunseen.c)."""
    rows = _sizes("hw_sizes.tsv")
    assert len(rows) == 4096  # 8 Vulkan types x 2 layouts x 16 x 16 shapes, dims 1..513
    wrong = _size_mismatches(rows)
    assert not wrong, wrong[:10]
    tables = _layout_tables("hw_layouts.npz")
    assert len(tables) == 7 * 2 * 8  # 7 kinds, 2 layouts, 8 shapes (6x10 ... 100x257, 1x300, 200x9)
    wrong = _table_mismatches(tables)
    assert not wrong, wrong[:10]


def test_documented_fragment_order() -> None:
    """16 x 16 FP16: lane 0 holds (0,0) (0,1) (0,8) (0,9) (8,0) (8,1) (8,8) (8,9); lane 1 goes on at (0,2)."""
    t = nvidia_slot_table(CT.F16, ML.MulOptimal, 16, 16)
    assert t[:10].tolist() == [0, 1, 8, 9, 128, 129, 136, 137, 2, 3]
    lane, e = np.arange(32)[:, None], np.arange(4)[None, :]
    assert lane_map_b16(lane, e[:, :2])[1][1].tolist() == [2, 3]
    assert lane_map_b8(lane, e)[1][1].tolist() == [4, 5, 6, 7]
    assert lane_map_b8_pairs(lane, e)[1][1].tolist() == [2, 3, 10, 11]


def test_storage_type() -> None:
    assert nvidia_storage_type(CT.F8_E4M3) == CT.F16
    assert nvidia_storage_type(CT.F8_E5M2) == CT.F16
    for ct in (CT.F16, CT.F32, CT.I8, CT.U8, CT.I32):
        assert nvidia_storage_type(ct) == ct


def test_fp8_is_laid_out_as_fp16() -> None:
    for ct in (CT.F8_E4M3, CT.F8_E5M2):
        for lay in OPTIMAL:
            assert nvidia_slot_table(ct, lay, 33, 47) is nvidia_slot_table(CT.F16, lay, 33, 47)


def test_f32_is_row_major_with_16_byte_rows() -> None:
    assert nvidia_optimal_size(CT.F32, ML.MulOptimal, 1, 1) == 4
    assert nvidia_optimal_size(CT.F32, ML.OuterProductOptimal, 2, 1) == 20
    t = nvidia_slot_table(CT.F32, ML.MulOptimal, 2, 3)
    assert t.tolist() == [0, 1, 2, -1, 3, 4, 5]


def test_slot_table_is_cached_and_read_only() -> None:
    t = nvidia_slot_table(CT.I8, ML.MulOptimal, 9, 17)
    assert t is nvidia_slot_table(CT.I8, ML.MulOptimal, 9, 17)
    assert t.dtype == np.int64 and not t.flags.writeable
    with pytest.raises(ValueError):
        t[0] = 5


@pytest.mark.parametrize("args, needle", [
    ((CT.F16, ML.RowMajor, 4, 4), "layout"),
    ((CT.F16, ML.ColumnMajor, 4, 4), "layout"),
    ((CT.F16, 7, 4, 4), "layout"),
    ((CT.F16, ML.MulOptimal, 0, 4), "rows = 0"),
    ((CT.F16, ML.MulOptimal, 4, -1), "cols = -1"),
    ((CT.I32, ML.MulOptimal, 4, 4), "component_type = I32"),
    ((CT.I16, ML.OuterProductOptimal, 4, 4), "component_type = I16"),
    ((CT.F64, ML.MulOptimal, 4, 4), "component_type = F64"),
    ((99, ML.MulOptimal, 4, 4), "component_type = 99"),
])
def test_invalid_arguments(args: tuple, needle: str) -> None:
    for fn in (nvidia_optimal_size, nvidia_slot_table):
        with pytest.raises(InvalidArgumentError, match=needle):
            fn(*args)


@settings(max_examples=300, deadline=None)
@given(ct=st.sampled_from(sorted(SUPPORTED_TYPES)), lay=st.sampled_from(OPTIMAL),
       rows=st.integers(1, 160), cols=st.integers(1, 160))
def test_every_element_lands_once_per_copy(ct: CT, lay: ML, rows: int, cols: int) -> None:
    size = nvidia_optimal_size(ct, lay, rows, cols)
    table = nvidia_slot_table(ct, lay, rows, cols)
    element_bytes = {CT.F32: 4, CT.I8: 1, CT.U8: 1}.get(ct, 2)
    assert table.dtype == np.int64 and table.ndim == 1
    assert table.size * element_bytes == size
    if ct != CT.F32:
        assert size % 128 == 0
    copies = 2 if ct in (CT.I8, CT.U8) and lay == ML.MulOptimal else 1
    n = rows * cols
    for part in np.split(table, copies):
        used = part[part >= 0]
        assert np.array_equal(np.sort(used), np.arange(n))
        assert np.all(part[part < 0] == -1)


@pytest.mark.parametrize("ct", [CT.F16, CT.I8, CT.U8, CT.F32, CT.F8_E4M3], ids=lambda t: t.name)
@pytest.mark.parametrize("layout", OPTIMAL, ids=lambda l: l.name)
def test_reshape_encode_and_decode_move_the_slot_tables_bytes(ct: CT, layout: ML) -> None:
    """nvidia_reshape (no tables) against the generic gather/scatter over the slot table, on shapes
    that cover partial blocks, every last-group size (1, 2, 3 -> 4 blocks) and several full groups.
    Decoding reads junk slots, so int8 MulOptimal's two copies disagree: both read the same one."""
    from dxlinalg.numerics.codecs import element_dtype
    from dxlinalg.numerics.layouts.nvidia_format import NvidiaMmaFormat
    from dxlinalg.numerics.layouts.optimal import OptimalLayoutFormat

    fmt = NvidiaMmaFormat()
    dtype = element_dtype(fmt.storage_type(ct))
    rng = np.random.default_rng(int(ct) * 10 + int(layout))
    for rows in (1, 7, 8, 9, 16, 17, 33):
        for cols in (1, 5, 8, 16, 17, 24, 32, 40, 65):
            count = nvidia_slot_table(ct, layout, rows, cols).size
            assert fmt.slot_count(ct, layout, rows, cols) == count
            matrix = rng.integers(0, 256, rows * cols * dtype.itemsize, dtype=np.uint8).view(dtype).reshape(rows, cols)
            fast, generic = np.zeros(count, dtype), np.zeros(count, dtype)
            fmt.scatter(matrix, fast, ct, layout)
            OptimalLayoutFormat.scatter(fmt, matrix, generic, ct, layout)
            assert np.array_equal(fast.view(np.uint8), generic.view(np.uint8)), (rows, cols)
            junk = rng.integers(0, 256, count * dtype.itemsize, dtype=np.uint8).view(dtype)
            assert np.array_equal(fmt.gather(junk, ct, layout, rows, cols).view(np.uint8),
                                  OptimalLayoutFormat.gather(fmt, junk, ct, layout, rows, cols).view(np.uint8))
