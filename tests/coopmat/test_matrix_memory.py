"""OpCooperativeMatrixLoadKHR / StoreKHR against the per-element oracle, and every rule rejected by name."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dxlinalg.coopmat import (
    CooperativeMatrixLayout,
    CoopMatrix,
    CoopMatType,
    MatrixUse,
    Scope,
    StorageClass,
    buffer_memory,
    load_matrix,
    store_matrix,
    workgroup_memory,
)
from dxlinalg.errors import (
    InvalidArgumentError,
    UndefinedBehaviorError,
    UnsupportedError,
)
from dxlinalg.gpu.resources import BufferBinding
from dxlinalg.memory.address_space import AddressSpace
from tests.coopmat import oracle_matrix as oracle

DTYPES = (np.float16, np.float32, np.float64, np.int8, np.uint16, np.int64, ml_dtypes.bfloat16,
          ml_dtypes.float8_e5m2)
POINTEES = ((np.uint8, 1), (np.uint32, 1), (np.float16, 2), (np.uint32, 4), (np.float32, 3))


def matrix_type(dtype: object, rows: int, cols: int) -> CoopMatType:
    return CoopMatType(dtype, Scope.Subgroup, rows, cols, MatrixUse.MatrixAccumulatorKHR)


@st.composite
def accesses(draw):
    """A matrix type, a layout, a pointee, per-instance strides and offsets that keep every element
    inside a memory the draw sizes to fit (Vulkan's alignment rule is off: strict=False)."""
    dtype = np.dtype(draw(st.sampled_from(DTYPES)))
    rows, cols = draw(st.integers(1, 6)), draw(st.integers(1, 6))
    row_major = draw(st.booleans())
    pointee, components = draw(st.sampled_from(POINTEES))
    pointee_bytes = np.dtype(pointee).itemsize * components
    line = cols if row_major else rows
    minimum = -(-line * dtype.itemsize // pointee_bytes)
    instances = draw(st.integers(1, 3))
    strides = [draw(st.integers(minimum, minimum + 3)) for _ in range(instances)]
    offsets = [draw(st.integers(0, 5)) for _ in range(instances)]
    size = max(o * pointee_bytes + (rows if row_major else cols) * s * pointee_bytes
               for o, s in zip(offsets, strides)) + draw(st.integers(0, 8))
    return matrix_type(dtype, rows, cols), row_major, pointee, components, strides, offsets, size, draw(
        st.integers(0, 2 ** 32 - 1))


@settings(max_examples=80, deadline=None)
@given(accesses())
def test_load_agrees_with_the_per_element_oracle(access):
    t, row_major, pointee, components, strides, offsets, size, seed = access
    memory = np.random.default_rng(seed).integers(0, 256, size, dtype=np.uint8)
    layout = CooperativeMatrixLayout.RowMajorKHR if row_major else CooperativeMatrixLayout.ColumnMajorKHR
    loaded = load_matrix(buffer_memory(memory, len(strides)), t, layout=layout, stride=np.array(strides),
                         element_offset=np.array(offsets), pointee=pointee, pointee_components=components,
                         strict=False)
    pointee_bytes = np.dtype(pointee).itemsize * components
    for i, (stride, offset) in enumerate(zip(strides, offsets)):
        expected = oracle.load(memory.tobytes(), t.rows, t.cols, t.component, row_major, stride, offset, pointee_bytes)
        bits = np.ascontiguousarray(loaded.values[i]).view(f"<u{t.component.itemsize}")
        assert bits.tolist() == expected


@settings(max_examples=80, deadline=None)
@given(accesses())
def test_store_agrees_with_the_per_element_oracle(access):
    t, row_major, pointee, components, strides, offsets, size, seed = access
    rng = np.random.default_rng(seed)
    instances = len(strides)
    memory = rng.integers(0, 256, size * instances, dtype=np.uint8)
    values = rng.integers(0, 256, (instances, t.rows, t.cols, t.component.itemsize), dtype=np.uint8)
    matrix = CoopMatrix(t, values.view(t.component).reshape(instances, t.rows, t.cols))
    layout = CooperativeMatrixLayout.RowMajorKHR if row_major else CooperativeMatrixLayout.ColumnMajorKHR
    rows = memory.reshape(instances, size).copy()         # one memory per instance: workgroup memory
    store_matrix(workgroup_memory(rows, np.arange(instances)), matrix, layout=layout, stride=np.array(strides),
                 element_offset=np.array(offsets), pointee=pointee, pointee_components=components, strict=False)
    pointee_bytes = np.dtype(pointee).itemsize * components
    for i, (stride, offset) in enumerate(zip(strides, offsets)):
        expected = bytearray(memory.reshape(instances, size)[i].tobytes())
        bits = np.ascontiguousarray(matrix.values[i]).view(f"<u{t.component.itemsize}").tolist()
        oracle.store(expected, bits, t.component, row_major, stride, offset, pointee_bytes)
        assert rows[i].tobytes() == bytes(expected)


def test_a_round_trip_through_a_buffer_with_padding_between_rows():
    t = matrix_type(np.float16, 16, 16)
    values = np.arange(2 * 256, dtype=np.float16).reshape(2, 16, 16)
    memory = np.zeros(2 * 16 * 24 * 2, np.uint8)
    starts = np.array([0, 16 * 24])
    store_matrix(buffer_memory(memory, 2), CoopMatrix(t, values), layout=0, stride=24, element_offset=starts)
    back = load_matrix(buffer_memory(memory, 2), t, layout=0, stride=24, element_offset=starts)
    assert np.array_equal(back.values, values)
    column_major = load_matrix(buffer_memory(memory, 2), t, layout=1, stride=24, element_offset=starts)
    assert np.array_equal(column_major.values, values.transpose(0, 2, 1))


def test_stride_counts_pointees_and_components_are_reinterpreted():
    """A uvec4 pointer: Stride 2 is 32 bytes; the f16 components of a row follow one another."""
    memory = np.arange(64, dtype=np.uint16).view(np.uint8)
    loaded = load_matrix(buffer_memory(memory, 1), matrix_type(np.float16, 3, 8), layout=0, stride=1,
                         element_offset=1, pointee=np.uint32, pointee_components=4)
    assert loaded.values.view(np.uint16)[0].tolist() == [list(range(8 * r + 8, 8 * r + 16)) for r in range(3)]


def test_stride_zero_loads_every_row_from_the_same_place():
    memory = np.arange(8, dtype=np.int32).view(np.uint8)
    loaded = load_matrix(buffer_memory(memory, 1), matrix_type(np.int32, 4, 4), layout=0, stride=0)
    assert loaded.values[0].tolist() == [[0, 1, 2, 3]] * 4


def test_workgroup_memory_gives_each_group_its_own_bytes():
    groups = np.arange(3 * 32, dtype=np.uint8).reshape(3, 32)
    memory = workgroup_memory(groups, np.array([2, 0]), size=32)
    assert memory.storage_class == StorageClass.Workgroup
    loaded = load_matrix(memory, matrix_type(np.uint8, 2, 4), layout=0, stride=4)
    assert loaded.values[0].tolist() == [[64, 65, 66, 67], [68, 69, 70, 71]]
    assert loaded.values[1].tolist() == [[0, 1, 2, 3], [4, 5, 6, 7]]


def test_buffers_are_addressed_through_their_bindings():
    space = AddressSpace()
    buffer = space.allocate(256, "weights")
    buffer.data[:] = np.arange(256, dtype=np.uint8)
    version = buffer.version
    loaded = load_matrix(buffer_memory(BufferBinding(buffer, 16), 1), matrix_type(np.uint8, 2, 2), layout=0,
                         stride=16)
    assert loaded.values[0].tolist() == [[16, 17], [32, 33]]
    store_matrix(buffer_memory(buffer, 1), loaded, layout=0, stride=16)
    assert buffer.data[:2].tolist() == [16, 17] and buffer.version != version


# -- rules -------------------------------------------------------------------------------------------------------
def memory_of(size: int = 1024, instances: int = 1):
    return buffer_memory(np.zeros(size, np.uint8), instances)


def test_stride_must_be_given_and_not_negative_for_loads_nor_zero_for_stores():
    t = matrix_type(np.float32, 4, 4)
    with pytest.raises(InvalidArgumentError, match="'Stride' is missing"):
        load_matrix(memory_of(), t, layout=0, stride=None)
    with pytest.raises(InvalidArgumentError, match="'Stride' -4 must be at least 0"):
        load_matrix(memory_of(), t, layout=0, stride=-4)
    zeros = CoopMatrix(t, np.zeros((1, 4, 4), np.float32))
    with pytest.raises(InvalidArgumentError, match="'Stride' 0 must be greater than 0 .*OpCooperativeMatrixStoreKHR"):
        store_matrix(memory_of(), zeros, layout=0, stride=0)
    with pytest.raises(InvalidArgumentError, match="Stride must be a scalar integer type"):
        load_matrix(memory_of(), t, layout=0, stride=4.0)


def test_layout_must_be_row_or_column_major():
    with pytest.raises(UnsupportedError, match="MemoryLayout 4202 is not RowMajorKHR 0 or ColumnMajorKHR 1"):
        load_matrix(memory_of(), matrix_type(np.float32, 4, 4), layout=4202, stride=4)


def test_pointee_must_be_a_scalar_or_vector_of_a_numerical_type():
    with pytest.raises(InvalidArgumentError, match="scalar or vector .* of a numerical type"):
        load_matrix(memory_of(), matrix_type(np.float32, 4, 4), layout=0, stride=4, pointee=np.uint32,
                    pointee_components=5)
    with pytest.raises(InvalidArgumentError, match="numerical type"):
        load_matrix(memory_of(), matrix_type(np.float32, 4, 4), layout=0, stride=4, pointee=np.bool_)


def test_only_workgroup_and_storage_buffer_pointers_are_emulated():
    with pytest.raises(UnsupportedError, match="storage class 7"):
        buffer_memory(np.zeros(16, np.uint8), 1, storage_class=7)
    with pytest.raises(InvalidArgumentError, match="use workgroup_memory"):
        buffer_memory(np.zeros(16, np.uint8), 1, storage_class=StorageClass.Workgroup)
    assert buffer_memory(np.zeros(16, np.uint8), 1, storage_class=5349).storage_class == \
        StorageClass.PhysicalStorageBuffer


@pytest.mark.parametrize("rows, cols, dtype, layout, alignment", [
    (8, 8, np.float16, 0, 16), (8, 2, np.float16, 0, 4), (2, 8, np.float16, 1, 4), (4, 3, np.float32, 0, 4),
    (4, 6, np.uint8, 0, 2)])
def test_pointer_and_stride_alignment_is_the_lesser_of_16_and_a_rows_natural_alignment(rows, cols, dtype, layout,
                                                                                       alignment):
    t = matrix_type(dtype, rows, cols)
    memory = memory_of(4096)
    line = (cols if layout == 0 else rows) * np.dtype(dtype).itemsize
    stride = -(-line // alignment) * alignment                                     # in bytes (uint8 pointee)
    load_matrix(memory, t, layout=layout, stride=stride, element_offset=alignment, pointee=np.uint8)
    with pytest.raises(UndefinedBehaviorError, match=f"Pointer address = {alignment // 2} bytes is not a multiple "
                                                     f"of {alignment} .*08986"):
        load_matrix(memory, t, layout=layout, stride=stride, element_offset=alignment // 2, pointee=np.uint8)
    with pytest.raises(UndefinedBehaviorError, match=f"Stride in bytes = {stride + alignment // 2} bytes"):
        load_matrix(memory, t, layout=layout, stride=stride + alignment // 2, pointee=np.uint8)


def test_alignment_is_judged_on_the_buffer_address():
    space = AddressSpace()
    buffer = space.allocate(1024, "tiles")
    t = matrix_type(np.float16, 8, 8)
    with pytest.raises(UndefinedBehaviorError, match="Pointer address"):
        load_matrix(buffer_memory(BufferBinding(buffer, 8), 1), t, layout=0, stride=8)
    assert load_matrix(buffer_memory(BufferBinding(buffer, 8), 1), t, layout=0, stride=8, strict=False).instances == 1


def test_elements_outside_the_memory_are_reported_or_read_as_zero_and_dropped():
    memory = np.arange(1, 33, dtype=np.uint8)
    t = matrix_type(np.uint8, 4, 8)
    with pytest.raises(UndefinedBehaviorError, match=r"scope instance 0, matrix element \(2, 0\) addresses bytes "
                                                     r"\[32, 33\) of numpy array, which has 32 bytes"):
        load_matrix(buffer_memory(memory, 1), t, layout=0, stride=16)
    loaded = load_matrix(buffer_memory(memory, 1), t, layout=0, stride=16, strict=False)
    assert loaded.values[0, 1].tolist() == list(range(17, 25)) and loaded.values[0, 2:].sum() == 0
    with pytest.raises(UndefinedBehaviorError, match="addresses bytes"):
        store_matrix(buffer_memory(memory, 1), loaded, layout=0, stride=16)
    store_matrix(buffer_memory(memory, 1), CoopMatrix(t, np.full((1, 4, 8), 9, np.uint8)), layout=0, stride=16,
                 strict=False)
    assert memory.tolist() == [9] * 8 + list(range(9, 17)) + [9] * 8 + list(range(25, 33))
    with pytest.raises(UndefinedBehaviorError, match="addresses bytes \\[-16, -15\\)"):
        load_matrix(buffer_memory(memory, 1), t, layout=0, stride=16, element_offset=-16)


def test_a_store_whose_elements_meet_with_different_values_is_reported():
    """Rows of 32 bytes 16 bytes apart (16 is aligned enough): row 1's first half lands on row 0's second."""
    t = matrix_type(np.uint8, 2, 32)
    row = np.arange(32, dtype=np.uint8)
    same = CoopMatrix(t, np.stack([row, row + 16])[None])
    memory = np.zeros(64, np.uint8)
    store_matrix(buffer_memory(memory, 1), same, layout=0, stride=16)         # overlapping, equal values: fine
    assert memory[:48].tolist() == list(range(48))
    clash = CoopMatrix(t, np.stack([row, row + 100])[None])
    with pytest.raises(UndefinedBehaviorError, match=r"elements \(instance, row, col\) \(0, 0, 16\) and \(0, 1, 0\) "
                                                     r"store different values to byte 16"):
        store_matrix(buffer_memory(memory, 1), clash, layout=0, stride=16)
    store_matrix(buffer_memory(memory, 1), clash, layout=0, stride=16, strict=False)
    assert memory[:48].tolist() == list(range(16)) + list(range(100, 132))    # the row-major last lands
    two = CoopMatrix(t, np.concatenate([clash.values, clash.values + 1]))
    with pytest.raises(UndefinedBehaviorError, match=r"\(0, 0, 0\) and \(1, 0, 0\)"):
        store_matrix(buffer_memory(np.zeros(64, np.uint8), 2), two, layout=0, stride=32)


def test_operands_are_checked():
    t = matrix_type(np.uint8, 2, 4)
    with pytest.raises(InvalidArgumentError, match="'Object' is a ndarray"):
        store_matrix(memory_of(), np.zeros((1, 2, 4), np.uint8), layout=0, stride=4)
    with pytest.raises(InvalidArgumentError, match="'Object' holds 1 matrices, the memory serves 2"):
        store_matrix(memory_of(instances=2), CoopMatrix(t, np.zeros((1, 2, 4), np.uint8)), layout=0, stride=4)
    with pytest.raises(InvalidArgumentError, match="one per scope instance \\(2,\\)"):
        load_matrix(memory_of(instances=2), t, layout=0, stride=np.array([4, 4, 4]))
    with pytest.raises(InvalidArgumentError, match="must be a MatrixMemory"):
        load_matrix(np.zeros(16, np.uint8), t, layout=0, stride=4)
    with pytest.raises(InvalidArgumentError, match="'Result Type'"):
        load_matrix(memory_of(), (2, 4), layout=0, stride=4)
    with pytest.raises(InvalidArgumentError, match="instances = 0 must be at least one scope instance"):
        buffer_memory(np.zeros(16, np.uint8), 0)
    with pytest.raises(InvalidArgumentError, match="group_of_instance"):
        workgroup_memory(np.zeros((2, 16), np.uint8), np.array([2]))
