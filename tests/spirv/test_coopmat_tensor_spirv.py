"""dxlinalg/samples/spirv/coopmat_tensor_view.spv (GLSL, GL_NV_cooperative_matrix2, compiled by glslang) against
`dxlinalg.coopmat` called directly on the same inputs, and every tensor-addressing rule the executor checks.

The expected values are built by the coopmat GLSL builtins, line by line as the shader does, and
`load_tensor`/`store_tensor` (whose own oracle is tests/coopmat/oracle_tensor.py), so a difference
is the executor's: operands, value packing, batching over scope instances, the DecodeFunc call."""

from __future__ import annotations

import struct
from pathlib import Path
from typing import NamedTuple

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dxlinalg.coopmat import (
    createTensorLayoutNV,
    createTensorViewNV,
    gl_CooperativeMatrixClampModeClampToEdgeNV,
    gl_CooperativeMatrixClampModeConstantNV,
    gl_CooperativeMatrixClampModeMirrorRepeatNV,
    gl_CooperativeMatrixClampModeRepeatNV,
    setTensorLayoutBlockSizeNV,
    setTensorLayoutClampValueNV,
    setTensorLayoutDimensionNV,
    setTensorLayoutStrideNV,
    setTensorViewClipNV,
    setTensorViewDimensionsNV,
    setTensorViewStrideNV,
    sliceTensorLayoutNV,
)
from dxlinalg.coopmat import load_tensor as load_tensor_as_is
from dxlinalg.coopmat import store_tensor as store_tensor_as_is
from dxlinalg.coopmat.tensor_memory import DecodeBlocks
from dxlinalg.profile.registry import load_profile
from dxlinalg.spirv import run
from dxlinalg.spirv.errors import (
    SpirvBinaryError,
    SpirvUndefinedBehaviorError,
    SpirvUnsupportedError,
    SpirvValidationError,
)
from tests.spirv.spirv_words import (
    constant_id,
    insert_after,
    instructions,
    operands_of,
    read_words,
    rewrite,
    without_capability,
    without_extension,
)

MODULE = Path(__file__).resolve().parents[2] / "dxlinalg" / "samples" / "spirv" / "coopmat_tensor_view.spv"
PROFILES = ("reference", "adversarial", "nvidia-h100")     # nvidia-h100: the H100's tensor-edge settings
T = 16
CASES = 9
SOURCE_ELEMENTS = 1024
STORED_ELEMENTS = 1024
LOAD_TENSOR, STORE_TENSOR, TYPE_LAYOUT, TYPE_VIEW, SLICE = 5367, 5368, 5370, 5371, 5375
OP_ACCESS_CHAIN = 65


class Params(NamedTuple):
    H: int
    W: int
    row0: int
    col0: int
    pitch: int
    clamp_bits: int
    clip_row: int
    clip_row_span: int
    clip_col: int
    clip_col_span: int

    def pack(self) -> bytes:
        return struct.pack("<2I2i6I", *self)


PARAMS = [
    Params(20, 24, -3, 13, 40, 0x3C00, 1, 8, 2, 100),        # crosses the top and right edges
    Params(16, 16, 0, 0, 16, 0xBC00, 0, 0xFFFFFFFF, 0, 0xFFFFFFFF),  # in bounds, no clip
    Params(5, 7, 2, -9, 9, 0x4200, 3, 4, 0, 5),              # a small tensor: every mode wraps several times
    Params(1, 1, -4, 6, 1, 0x0001, 15, 1, 15, 1),            # a 1 x 1 tensor (MirrorRepeat on a dimension of 1)
]


def _source() -> np.ndarray:
    return ((np.arange(SOURCE_ELEMENTS) * 7) % 61 - 30).astype(np.float16)


def _run(params: Params, profile: str = "reference", module: object = MODULE,
         strict: bool = True) -> tuple[np.ndarray, np.ndarray]:
    out = run(module, strict=strict, buffers={(0, 0): _source(), (0, 1): np.zeros(CASES * T * T, np.float16),
                               (0, 2): np.zeros(STORED_ELEMENTS, np.float16)},
              push_constants=params.pack(), profile=profile)
    return out[(0, 1)].reshape(CASES, T, T), out[(0, 2)]


def decode_pair(blocks: DecodeBlocks, block_coord: np.ndarray, coord_in_block: np.ndarray) -> np.ndarray:
    """The shader's decodePair: the block's half-word `coordInBlock[1]`, plus blockCoord[0] & 3."""
    halves = blocks.view(np.uint16)
    picked = halves[np.arange(halves.shape[0]), coord_in_block[:, 1]].view(np.float16)
    return picked + (block_coord[:, 0] & 3).astype(np.float16)


def _expected(p: Params, profile: str = "reference", strict: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """What the shader computes, through dxlinalg.coopmat directly with the profile's settings."""
    coopmat = load_profile(profile).coopmat

    def load_tensor(*args: object, **kwargs: object) -> np.ndarray:
        return load_tensor_as_is(*args, settings=coopmat, strict=strict, **kwargs)

    def store_tensor(*args: object, **kwargs: object) -> object:
        return store_tensor_as_is(*args, settings=coopmat, strict=strict, **kwargs)

    src = _source().view(np.uint8)
    shape, f16 = (T, T), np.float16
    zero, sevens = np.zeros(shape, f16), np.full(shape, 7, f16)
    out = np.zeros((CASES, T, T), f16)
    layouts = {}
    for slot, mode in enumerate((gl_CooperativeMatrixClampModeClampToEdgeNV, gl_CooperativeMatrixClampModeRepeatNV,
                                 gl_CooperativeMatrixClampModeMirrorRepeatNV, gl_CooperativeMatrixClampModeConstantNV)):
        layout = setTensorLayoutDimensionNV(createTensorLayoutNV(2, mode), p.H, p.W)
        if mode == gl_CooperativeMatrixClampModeConstantNV:
            layout = setTensorLayoutClampValueNV(layout, p.clamp_bits)
        layouts[mode] = layout
        out[slot] = load_tensor(src, shape, sliceTensorLayoutNV(layout, p.row0, T, p.col0, T), f16, obj=zero)
    con = layouts[gl_CooperativeMatrixClampModeConstantNV]
    pitched = setTensorLayoutStrideNV(con, p.pitch, 1)
    out[4] = load_tensor(src, shape, sliceTensorLayoutNV(pitched, p.row0, T, p.col0, T), f16, obj=zero)
    swapped = setTensorViewClipNV(createTensorViewNV(2, False, 1, 0), p.clip_row, p.clip_row_span, p.clip_col,
                                  p.clip_col_span)
    out[5] = load_tensor(src, shape, sliceTensorLayoutNV(con, 0, T, 0, T), f16, view=swapped, obj=sevens)
    cube = setTensorLayoutDimensionNV(createTensorLayoutNV(3, gl_CooperativeMatrixClampModeConstantNV), 2, 8, 16)
    depth = setTensorViewStrideNV(setTensorViewDimensionsNV(createTensorViewNV(3, True, 1, 0, 2), 2, 8, 16),
                                  128, 16, 1)
    out[6] = load_tensor(src, shape, cube, f16, view=depth, obj=zero)
    blocks = setTensorLayoutBlockSizeNV(createTensorLayoutNV(2, gl_CooperativeMatrixClampModeClampToEdgeNV), 1, 2)
    blocks = setTensorLayoutDimensionNV(blocks, p.H, p.W)
    out[7] = load_tensor(src, shape, sliceTensorLayoutNV(blocks, p.row0, T, p.col0, T), f16, obj=zero,
                         decode=decode_pair, block_bytes=4)
    out[8] = load_tensor(src, shape, sliceTensorLayoutNV(blocks, 0, T, 0, T), f16, view=swapped, obj=sevens,
                         decode=decode_pair, block_bytes=4)
    loaded = load_tensor(src, shape, sliceTensorLayoutNV(con, 0, T, 0, T), f16, obj=zero)
    stored = np.zeros(STORED_ELEMENTS, f16)
    target = setTensorLayoutDimensionNV(createTensorLayoutNV(2, gl_CooperativeMatrixClampModeConstantNV), T, T)
    store_tensor(stored.view(np.uint8), loaded, target, view=swapped)
    edge_out = setTensorLayoutDimensionNV(createTensorLayoutNV(2, gl_CooperativeMatrixClampModeClampToEdgeNV),
                                          p.H, p.W)
    store_tensor(stored.view(np.uint8), loaded, sliceTensorLayoutNV(edge_out, p.row0, T, p.col0, T),
                 pointer_offset=2 * T * T)
    return out, stored


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("params", PARAMS, ids=lambda p: f"{p.H}x{p.W}@{p.row0},{p.col0}")
def test_every_layout_view_and_decode_case_equals_coopmat(profile: str, params: Params) -> None:
    loads, stores = _run(params, profile)
    expected_loads, expected_stores = _expected(params, profile)
    for case in range(CASES):
        assert np.array_equal(loads[case], expected_loads[case]), f"case {case}"
    assert np.array_equal(stores, expected_stores)


@st.composite
def _params(draw: st.DrawFn) -> Params:
    """Shapes that keep every access inside the buffers (the edges are the clamp modes' job, not UB's)."""
    h = draw(st.integers(1, 24))
    w = draw(st.integers(1, min(40, 768 // h - 1)))
    pitch = draw(st.integers(w, max(w, (SOURCE_ELEMENTS - w) // max(h - 1, 1))))
    clip = [draw(st.one_of(st.tuples(st.integers(0, 17), st.integers(0, 17)), st.just((0, 0xFFFFFFFF))))
            for _ in range(2)]
    return Params(h, w, draw(st.integers(-40, 40)), draw(st.integers(-40, 40)), pitch,
                  draw(st.integers(0, 0xFFFF)), clip[0][0], clip[0][1], clip[1][0], clip[1][1])


@settings(max_examples=30, deadline=None)
@given(params=_params(), profile=st.sampled_from(PROFILES))
def test_any_layout_view_and_clip_equals_coopmat(params: Params, profile: str) -> None:
    loads, stores = _run(params, profile)
    expected_loads, expected_stores = _expected(params, profile)
    assert np.array_equal(loads.view(np.uint16), expected_loads.view(np.uint16))
    assert np.array_equal(stores.view(np.uint16), expected_stores.view(np.uint16))


def test_the_profiles_tensor_edge_settings_reach_the_executor() -> None:
    """A clip whose offset + 0xFFFFFFFF passes 2^32: `reference` reports the unspecified wrap in strict
    mode and wraps it otherwise, the H100 does not wrap (coopmat.clip_span_sum); the executor gives each
    profile's answer."""
    params = PARAMS[1]._replace(clip_row=2, clip_col=3)
    assert load_profile("reference").coopmat.clip_span_sum != load_profile("nvidia-h100").coopmat.clip_span_sum
    with pytest.raises(SpirvUndefinedBehaviorError, match="does not fit in uint32"):
        _run(params, "reference")
    (ref_loads, _), (h100_loads, _) = _run(params, "reference", strict=False), _run(params, "nvidia-h100")
    assert not np.array_equal(ref_loads[5], h100_loads[5])
    assert np.array_equal(ref_loads[5], _expected(params, "reference", strict=False)[0][5])
    assert np.array_equal(h100_loads[5], _expected(params, "nvidia-h100")[0][5])


def test_the_cases_differ_so_a_mixed_up_case_would_fail() -> None:
    loads, _ = _expected(PARAMS[0])
    assert len({loads[case].tobytes() for case in range(CASES)}) == CASES


def test_a_stride_below_the_next_dimension_is_reported_in_strict_mode() -> None:
    with pytest.raises(SpirvUndefinedBehaviorError, match="OpTensorLayoutSetStrideNV 'Stride<i>' must be at least"):
        _run(PARAMS[0]._replace(pitch=3))


# -- rules, on edited copies of the module ---------------------------------------------------------------
def _words() -> list[int]:
    return read_words(MODULE)


def _rejected(module: np.ndarray, match: str, error: type = SpirvValidationError) -> None:
    with pytest.raises(error, match=match):
        _run(PARAMS[1], module=module)


@pytest.mark.parametrize(("capability", "name"), [
    (5439, "TensorAddressingNV"), (5433, "CooperativeMatrixTensorAddressingNV"),
    (5434, "CooperativeMatrixBlockLoadsNV"), (6022, "CooperativeMatrixKHR")])
def test_an_instruction_without_its_capability_is_rejected(capability: int, name: str) -> None:
    _rejected(without_capability(_words(), capability), f"needs the {name} capability")


@pytest.mark.parametrize("extension", ["SPV_NV_tensor_addressing", "SPV_NV_cooperative_matrix2",
                                       "SPV_KHR_cooperative_matrix"])
def test_an_instruction_without_its_extension_is_rejected(extension: str) -> None:
    _rejected(without_extension(_words(), extension), f'needs OpExtension "{extension}"')


def _store_operands(nth: int) -> list[int]:
    return operands_of(_words(), STORE_TENSOR, nth)


def test_decodefunc_on_a_store_is_rejected() -> None:
    decode = operands_of(_words(), LOAD_TENSOR, 7)[-1]           # case 7's DecodeFunc operand
    module = rewrite(_words(), STORE_TENSOR, lambda ops: [*ops[:4], 0x2, decode], 0)
    _rejected(module, "DecodeFunc is not allowed with OpCooperativeMatrixStoreTensorNV")


def test_a_store_through_a_layout_with_block_size_above_one_is_undefined() -> None:
    blocks = operands_of(_words(), LOAD_TENSOR, 7)[4]            # case 7's block-size layout (same type)
    module = rewrite(_words(), STORE_TENSOR, lambda ops: [ops[0], ops[1], blocks, *ops[3:]], 1)
    _rejected(module, "block size .* must not be used with OpCooperativeMatrixStoreTensorNV",
              SpirvUndefinedBehaviorError)
    _run(PARAMS[1], module=module, strict=False)                  # permissive: the profile's store_block_size


def test_decode_vector_func_is_reported_unsupported() -> None:
    decode = operands_of(_words(), LOAD_TENSOR, 7)[-1]
    module = rewrite(_words(), LOAD_TENSOR, lambda ops: [*ops[:6], 0x4, decode], 0)
    with pytest.raises(SpirvUnsupportedError, match="DecodeVectorFunc 0x4"):
        _run(PARAMS[1], module=module)


def test_tensor_addressing_operand_bits_no_grammar_defines_are_rejected() -> None:
    module = rewrite(_words(), LOAD_TENSOR, lambda ops: [*ops[:6], 0x8], 0)
    with pytest.raises(SpirvBinaryError, match="TensorAddressingOperands mask 0x8 sets bits 0x8"):
        _run(PARAMS[1], module=module)


def test_make_pointer_available_on_a_tensor_load_is_rejected() -> None:
    scope = constant_id(_words(), 1)
    module = rewrite(_words(), LOAD_TENSOR, lambda ops: [*ops[:5], 0x8 | 0x20, scope, *ops[6:]], 0)
    _rejected(module, "MakePointerAvailable, which is not valid with OpCooperativeMatrixLoadTensorNV")


def test_make_pointer_visible_on_a_tensor_store_is_rejected() -> None:
    scope = constant_id(_words(), 1)
    module = rewrite(_words(), STORE_TENSOR, lambda ops: [*ops[:3], 0x10 | 0x20, scope, *ops[4:]], 0)
    _rejected(module, "MakePointerVisible, which is not valid with OpCooperativeMatrixStoreTensorNV")


def test_a_view_operand_that_is_not_a_view_is_rejected() -> None:
    module = rewrite(_words(), LOAD_TENSOR, lambda ops: [*ops[:6], 0x1, ops[4]], 4)     # the layout as TensorView
    _rejected(module, "must be a tensor view")


@pytest.mark.parametrize("value", [0, 6, 16])
def test_a_layout_dimension_count_outside_1_to_5_is_rejected(value: int) -> None:
    words = _words()
    try:
        bad = constant_id(words, value)
    except LookupError:
        pytest.skip(f"the module declares no constant {value}")
    _rejected(rewrite(words, TYPE_LAYOUT, lambda ops: [ops[0], bad, ops[2]], 0), "Dim")


def test_a_clamp_mode_outside_the_enum_is_rejected() -> None:
    bad = constant_id(_words(), 16)
    _rejected(rewrite(_words(), TYPE_LAYOUT, lambda ops: [ops[0], ops[1], bad], 0), "lamp")


def test_a_view_permutation_that_repeats_a_dimension_is_rejected() -> None:
    module = rewrite(_words(), TYPE_VIEW, lambda ops: [*ops[:3], ops[3], ops[3]], 0)
    _rejected(module, "permutation")


def test_a_view_with_a_permutation_of_the_wrong_length_is_rejected() -> None:
    module = rewrite(_words(), TYPE_VIEW, lambda ops: ops[:4], 0)
    _rejected(module, "permutation|p0")


def test_a_slice_with_the_wrong_number_of_operands_is_rejected() -> None:
    module = rewrite(_words(), SLICE, lambda ops: ops[:-2], 0)
    _rejected(module, "takes 4 operands")


def test_a_misaligned_tensor_pointer_is_reported_in_strict_mode() -> None:
    words = _words()
    odd = constant_id(words, 1)
    at = operands_of(words, STORE_TENSOR, 1)[0]                  # stored[T * T]: re-point to stored[1]
    nth = [ops[1] for _, op, ops in instructions(words) if op == OP_ACCESS_CHAIN].index(at)
    module = rewrite(words, OP_ACCESS_CHAIN, lambda ops: [*ops[:-1], odd], nth)
    _rejected(module, "16", SpirvUndefinedBehaviorError)


def test_the_module_contains_each_tensor_instruction() -> None:
    from dxlinalg.spirv.grammar import opcode_of
    found = {op for _, op, _ in instructions(_words())}
    names = ("OpTypeTensorLayoutNV", "OpTypeTensorViewNV", "OpCreateTensorLayoutNV", "OpTensorLayoutSetDimensionNV",
             "OpTensorLayoutSetStrideNV", "OpTensorLayoutSliceNV", "OpTensorLayoutSetClampValueNV",
             "OpTensorLayoutSetBlockSizeNV", "OpCreateTensorViewNV", "OpTensorViewSetDimensionNV",
             "OpTensorViewSetStrideNV", "OpTensorViewSetClipNV", "OpCooperativeMatrixLoadTensorNV",
             "OpCooperativeMatrixStoreTensorNV")
    assert {opcode_of(n) for n in names} <= found


# -- DecodeFunc rules ----------------------------------------------------------------------------------------
OP_TYPE_INT, OP_TYPE_ARRAY, OP_TYPE_FUNCTION, OP_FUNCTION, OP_LABEL = 21, 28, 33, 54, 248
OP_CONTROL_BARRIER = 224


def _decode_id(words: list[int]) -> int:
    return operands_of(words, LOAD_TENSOR, 7)[-1]


def _with_decode_type(edit: object) -> np.ndarray:
    """The module with the DecodeFunc's OpTypeFunction operands [result, return, p0, p1, p2] edited."""
    words = _words()
    decode_type = next(ops[3] for _, op, ops in instructions(words) if op == OP_FUNCTION and ops[1] == _decode_id(words))
    nth = [ops[0] for _, op, ops in instructions(words) if op == OP_TYPE_FUNCTION].index(decode_type)
    return rewrite(words, OP_TYPE_FUNCTION, edit, nth)  # type: ignore[arg-type]


def _type_id(opcode: int, test: object) -> int:
    return next(ops[0] for _, op, ops in instructions(_words()) if op == opcode and test(ops))  # type: ignore[operator]


def test_a_decodefunc_returning_another_type_is_rejected() -> None:
    uint = _type_id(OP_TYPE_INT, lambda ops: ops[1:] == [32, 0])
    _rejected(_with_decode_type(lambda ops: [ops[0], uint, *ops[2:]]), "its return type must be the component type")


def test_a_decodefunc_whose_pointer_is_not_physical_storage_buffer_is_rejected() -> None:
    uint = _type_id(OP_TYPE_INT, lambda ops: ops[1:] == [32, 0])      # the types declared before it: no pointer
    _rejected(_with_decode_type(lambda ops: [ops[0], ops[1], uint, *ops[3:]]),
              "must be a pointer with storage class PhysicalStorageBuffer")


def test_a_decodefunc_whose_coordinates_are_not_32_bit_arrays_of_the_dimension_is_rejected() -> None:
    halves = _type_id(OP_TYPE_ARRAY, lambda ops: ops[1] != _type_id(OP_TYPE_INT, lambda t: t[1:] == [32, 0]))
    _rejected(_with_decode_type(lambda ops: [*ops[:3], halves, ops[4]]), "must be an array of 2 32-bit integers")


def test_a_tangled_instruction_inside_the_decodefunc_is_rejected() -> None:
    words = _words()
    function = next(at for at, op, ops in instructions(words) if op == OP_FUNCTION and ops[1] == _decode_id(words))
    label = next(at for at, op, _ in instructions(words) if op == OP_LABEL and at > function)
    workgroup, zero = constant_id(words, 2), constant_id(words, 0)
    module = insert_after(words, label, OP_CONTROL_BARRIER, [workgroup, workgroup, zero])
    _rejected(module, "tangled instructions are not allowed there")


def test_a_view_without_dimensions_over_a_layout_of_other_rank_is_rejected() -> None:
    swapped = operands_of(_words(), LOAD_TENSOR, 5)[-1]                 # case 5's 2-D view, hasDimensions false
    module = rewrite(_words(), LOAD_TENSOR, lambda ops: [*ops[:-1], swapped], 6)     # with case 6's 3-D layout
    _rejected(module, "hasDimensions = false uses the layout's span as its dimensions, so its 2 dimensions must "
                      "match the layout's 3")


def test_a_tensor_load_whose_object_is_not_the_result_type_is_rejected() -> None:
    loaded = operands_of(_words(), LOAD_TENSOR, 0)
    module = rewrite(_words(), LOAD_TENSOR, lambda ops: [*ops[:3], loaded[4], *ops[4:]], 0)   # the layout as Object
    _rejected(module, "Object has type .*; it must be a cooperative matrix")
