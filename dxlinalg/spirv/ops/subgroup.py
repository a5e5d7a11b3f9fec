"""Subgroup (OpGroupNonUniform*) operations over the GPU's waves.

A subgroup is a wave (dxlinalg.gpu): the context's lanes are cut into waves of the profile's
size, contiguous and in lane order. Operations combine the wave's active lanes. Reductions are
the ones the HLSL wave intrinsics use (dxlinalg.gpu.wave: integer sums wrap, float sums are
numpy's, float16 accumulated in float32 and rounded once); scans run lane by lane in lane order,
rounding each step in the value's type. A lane that reads an inactive or out-of-range lane
(Shuffle*, Broadcast) gets 0; Broadcast from such a lane is reported in strict mode, since its
lane id is the same on every lane.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from dxlinalg.gpu.context import ExecutionContext
from dxlinalg.gpu.wave import WaveActiveMax, WaveActiveMin, WaveActiveProduct, WaveActiveSum
from dxlinalg.spirv.compiler import Compute, Frame, InstructionContext, register_opcode
from dxlinalg.spirv.enums import GroupOperation, Scope, enum_label
from dxlinalg.spirv.ops.common import first, report, signed, unsigned, view
from dxlinalg.spirv.types import BoolType, IntType, VectorType, scalar_of


def _subgroup_scope(c: InstructionContext) -> None:
    scope = c.constant_int(0, "Execution scope")
    if scope != Scope.Subgroup:
        raise c.unsupported(f"{c.opname} with execution scope {enum_label(Scope, scope)}; only Subgroup is supported")


def _per_lane(value: np.ndarray, lanes: int) -> np.ndarray:
    return value if value.shape[0] == lanes else np.broadcast_to(value, (lanes, *value.shape[1:]))


def _lane_matrix(ctx: ExecutionContext, value: np.ndarray, fill: Any) -> np.ndarray:
    """(waves, wave_size, ...) with each lane at (its wave, its index in the wave); missing lanes `fill`."""
    waves = ctx.wave_starts.shape[0]
    matrix = np.full((waves, ctx.wave_size, *value.shape[1:]), fill, value.dtype)
    matrix[ctx.wave_of_lane, ctx.geometry.lane_in_wave] = value
    return matrix


def _with_mask(ctx: ExecutionContext, mask: np.ndarray, function: Callable[[], np.ndarray]) -> np.ndarray:
    ctx.push_mask(mask)
    try:
        return function()
    finally:
        ctx.pop_mask()


def _first_active(ctx: ExecutionContext, mask: np.ndarray) -> np.ndarray:
    lanes = np.arange(ctx.lanes)
    candidates = np.where(mask, lanes, ctx.lanes)
    found = np.minimum.reduceat(candidates, ctx.wave_starts)[ctx.wave_of_lane]
    return np.where(found < ctx.lanes, found, lanes)


@register_opcode("OpGroupNonUniformElect")
def _elect(c: InstructionContext) -> Compute:
    _subgroup_scope(c)
    c.expect(isinstance(c.result_type, BoolType), "result type must be bool")

    def compute(f: Frame) -> np.ndarray:
        ctx = f.inv.ctx
        return (_first_active(ctx, f.mask) == np.arange(ctx.lanes)) & f.mask
    return compute


def _predicate(c: InstructionContext, k: int) -> int:
    c.expect(isinstance(c.value_type(k), BoolType), "Predicate must be a bool scalar")
    return c.value(k)


def _vote(c: InstructionContext, want_all: bool) -> Compute:
    _subgroup_scope(c)
    c.expect(isinstance(c.result_type, BoolType), "result type must be bool")
    p = _predicate(c, 1)

    def compute(f: Frame) -> np.ndarray:
        ctx = f.inv.ctx
        value = _per_lane(f.values[p], ctx.lanes)
        if want_all:
            hits = np.logical_and.reduceat(value | ~f.mask, ctx.wave_starts)
        else:
            hits = np.logical_or.reduceat(value & f.mask, ctx.wave_starts)
        return hits[ctx.wave_of_lane]
    return compute


register_opcode("OpGroupNonUniformAll")(lambda c: _vote(c, True))
register_opcode("OpGroupNonUniformAny")(lambda c: _vote(c, False))


@register_opcode("OpGroupNonUniformAllEqual")
def _all_equal(c: InstructionContext) -> Compute:
    _subgroup_scope(c)
    c.expect(isinstance(c.result_type, BoolType), "result type must be bool")
    v = c.value(1)

    def compute(f: Frame) -> np.ndarray:
        ctx = f.inv.ctx
        value = _per_lane(f.values[v], ctx.lanes)
        reference = value[_first_active(ctx, f.mask)]
        equal = value == reference
        if equal.ndim > 1:
            equal = equal.reshape(ctx.lanes, -1).all(axis=1)
        return np.logical_and.reduceat(equal | ~f.mask, ctx.wave_starts)[ctx.wave_of_lane]
    return compute


def _same_as_result(c: InstructionContext, k: int) -> int:
    found = c.value_type(k)
    c.expect(c.result_type is not None and found.id == c.result_type.id, "Value must have the result type")
    c.expect(scalar_of(found) is not None, "Value must be a scalar or vector of numbers or bools")
    return c.value(k)


def _read_lanes(ctx: ExecutionContext, mask: np.ndarray, value: np.ndarray, source: np.ndarray) -> np.ndarray:
    """Each lane's value of lane `source` (an index within the lane's wave); 0 from missing/inactive lanes."""
    starts, counts = ctx.wave_runs
    wave = ctx.wave_of_lane
    valid = (source >= 0) & (source < counts[wave])
    absolute = np.where(valid, starts[wave] + np.clip(source, 0, None), 0)
    valid &= mask[absolute]
    picked = _per_lane(value, ctx.lanes)[absolute]
    if valid.all():
        return picked
    return np.where(valid.reshape(valid.shape + (1,) * (picked.ndim - 1)), picked, np.zeros((), picked.dtype))


@register_opcode("OpGroupNonUniformBroadcast")
def _broadcast(c: InstructionContext) -> Compute:
    _subgroup_scope(c)
    v = _same_as_result(c, 1)
    c.expect(isinstance(c.value_type(2), IntType), "Id must be an integer scalar")
    lane_id = c.value(2)

    def compute(f: Frame) -> np.ndarray:
        ctx = f.inv.ctx
        source = _per_lane(f.values[lane_id], ctx.lanes).astype(np.int64)
        starts, counts = ctx.wave_runs
        if f.inv.strict:
            absolute = np.clip(starts[ctx.wave_of_lane] + source, 0, ctx.lanes - 1)
            missing = (source < 0) | (source >= counts[ctx.wave_of_lane]) | ~f.mask[absolute]
            report(c, f, missing, lambda lane: f"Id {first(source, lane)} (lane {lane}) names an inactive or missing "
                                               f"invocation of the subgroup: undefined")
        return _read_lanes(ctx, f.mask, f.values[v], source)
    return compute


@register_opcode("OpGroupNonUniformBroadcastFirst")
def _broadcast_first(c: InstructionContext) -> Compute:
    _subgroup_scope(c)
    v = _same_as_result(c, 1)

    def compute(f: Frame) -> np.ndarray:
        ctx = f.inv.ctx
        return np.ascontiguousarray(_per_lane(f.values[v], ctx.lanes)[_first_active(ctx, f.mask)])
    return compute


#: Each shuffle's operand and the lane it reads, as the SPIR-V specification words its undefined case.
SHUFFLE_RULES = {
    "OpGroupNonUniformShuffle": ("Id", "Id"),
    "OpGroupNonUniformShuffleXor": ("Mask", "the current invocation's id XOR Mask"),
    "OpGroupNonUniformShuffleUp": ("Delta", "the current invocation's id - Delta"),
    "OpGroupNonUniformShuffleDown": ("Delta", "the current invocation's id + Delta"),
}


def _shuffle(c: InstructionContext, source_of: Callable[[np.ndarray, np.ndarray], np.ndarray]) -> Compute:
    _subgroup_scope(c)
    v = _same_as_result(c, 1)
    c.expect(isinstance(c.value_type(2), IntType), "the lane operand must be an integer scalar")
    other = c.value(2)
    operand_name, source_name = SHUFFLE_RULES[c.opname]
    operand_signed = c.value_type(2).signed  # type: ignore[attr-defined]

    def compute(f: Frame) -> np.ndarray:
        ctx = f.inv.ctx
        raw = _per_lane(f.values[other], ctx.lanes)
        operand = (raw if operand_signed else raw.astype(np.uint64)).astype(np.int64)
        lane = ctx.geometry.lane_in_wave.astype(np.int64)
        source = source_of(lane, operand)
        if f.inv.strict:
            _check_shuffle_source(c, f, source, operand, operand_name, source_name)
        elif ctx.profile.shader.shuffle_out_of_range == "ptx_shfl":
            source = _ptx_shfl_source(c.opname, lane, operand, ctx.wave_size)
        return _read_lanes(ctx, f.mask, f.values[v], source)
    return compute


def _ptx_shfl_source(opname: str, lane: np.ndarray, operand: np.ndarray, wave: int) -> np.ndarray:
    """The lane an NVIDIA shfl reads (profile shader.shuffle_out_of_range = ptx_shfl, measured on the H200): the
    operand's low log2(wave) bits; Up and Down past the subgroup's edge read the invocation's own lane."""
    amount = operand & (wave - 1)
    if opname == "OpGroupNonUniformShuffleDown":
        source = lane + amount
        return np.where(source < wave, source, lane)
    if opname == "OpGroupNonUniformShuffleUp":
        source = lane - amount
        return np.where(source >= 0, source, lane)
    if opname == "OpGroupNonUniformShuffleXor":
        return lane ^ amount
    return amount


def _check_shuffle_source(c: InstructionContext, f: Frame, source: np.ndarray, operand: np.ndarray,
                          operand_name: str, source_name: str) -> None:
    """SPIR-V OpGroupNonUniformShuffle*: the result is undefined when the lane read lies outside the group
    (at or past its size, SubgroupSize, or below 0) or is inactive (a partial subgroup's missing invocations
    too)."""
    ctx = f.inv.ctx
    starts, counts = ctx.wave_runs
    outside = (source < 0) | (source >= ctx.wave_size)
    present = source < counts[ctx.wave_of_lane]
    absolute = np.clip(starts[ctx.wave_of_lane] + np.clip(source, 0, None), 0, ctx.lanes - 1)
    inactive = ~outside & ~(present & f.mask[absolute])
    report(c, f, outside, lambda lane: (
        f"{operand_name} {first(operand, lane)} (lane {lane}): {source_name} = {first(source, lane)} is outside the "
        f"subgroup of {ctx.wave_size} invocations, so the result is undefined ({c.opname})"))
    report(c, f, inactive, lambda lane: (
        f"{operand_name} {first(operand, lane)} (lane {lane}): {source_name} = {first(source, lane)} is an inactive "
        f"invocation, so the result is undefined ({c.opname})"))


register_opcode("OpGroupNonUniformShuffle")(lambda c: _shuffle(c, lambda lane, i: i))
register_opcode("OpGroupNonUniformShuffleXor")(lambda c: _shuffle(c, lambda lane, m: lane ^ m))
register_opcode("OpGroupNonUniformShuffleUp")(lambda c: _shuffle(c, lambda lane, d: lane - d))
register_opcode("OpGroupNonUniformShuffleDown")(lambda c: _shuffle(c, lambda lane, d: lane + d))


def _ballot_words(ctx: ExecutionContext, bits: np.ndarray) -> np.ndarray:
    """(lanes, 4) uint32: each lane's wave's ballot of `bits`."""
    matrix = _lane_matrix(ctx, bits, False)
    padded = np.zeros((matrix.shape[0], 128), bool)
    padded[:, :matrix.shape[1]] = matrix
    weights = (np.uint64(1) << np.arange(32, dtype=np.uint64))
    words = (padded.reshape(-1, 4, 32).astype(np.uint64) * weights).sum(axis=2).astype(np.uint32)
    return words[ctx.wave_of_lane]


@register_opcode("OpGroupNonUniformBallot")
def _ballot(c: InstructionContext) -> Compute:
    _subgroup_scope(c)
    c.expect(isinstance(c.result_type, VectorType) and c.result_type.count == 4 and
             isinstance(c.result_type.component, IntType) and c.result_type.component.width == 32,
             "result type must be a 4-component 32-bit integer vector")
    p = _predicate(c, 1)
    dtype = c.result_type.dtype  # type: ignore[union-attr]

    def compute(f: Frame) -> np.ndarray:
        ctx = f.inv.ctx
        return _ballot_words(ctx, _per_lane(f.values[p], ctx.lanes) & f.mask).view(dtype)
    return compute


def _ballot_operand(c: InstructionContext, k: int) -> int:
    found = c.value_type(k)
    c.expect(isinstance(found, VectorType) and found.count == 4 and isinstance(found.component, IntType) and
             found.component.width == 32, "Value must be a 4-component 32-bit integer vector (a ballot)")
    return c.value(k)


def _bits(words: np.ndarray) -> np.ndarray:
    """(lanes, 128) bool from (lanes, 4) ballot words."""
    words = np.ascontiguousarray(words).view(np.uint32).astype(np.uint64)
    return ((words[:, :, None] >> np.arange(32, dtype=np.uint64)) & np.uint64(1)).astype(bool).reshape(-1, 128)


@register_opcode("OpGroupNonUniformInverseBallot", "OpGroupNonUniformBallotBitExtract")
def _ballot_bit(c: InstructionContext) -> Compute:
    _subgroup_scope(c)
    c.expect(isinstance(c.result_type, BoolType), "result type must be bool")
    b = _ballot_operand(c, 1)
    index_id = c.value(2) if c.opname.endswith("BitExtract") else None

    def compute(f: Frame) -> np.ndarray:
        ctx = f.inv.ctx
        bits = _bits(_per_lane(f.values[b], ctx.lanes))
        index = (ctx.geometry.lane_in_wave.astype(np.int64) if index_id is None
                 else np.clip(_per_lane(f.values[index_id], ctx.lanes).astype(np.int64), 0, 127))
        return bits[np.arange(ctx.lanes), index]
    return compute


@register_opcode("OpGroupNonUniformBallotBitCount")
def _ballot_bit_count(c: InstructionContext) -> Compute:
    _subgroup_scope(c)
    operation = c.literal(1)
    b = _ballot_operand(c, 2)
    c.expect(isinstance(c.result_type, IntType), "result type must be an integer scalar")
    dtype = c.result_type.dtype  # type: ignore[union-attr]
    if operation not in (GroupOperation.Reduce, GroupOperation.InclusiveScan, GroupOperation.ExclusiveScan):
        raise c.unsupported(f"BallotBitCount with {enum_label(GroupOperation, operation)}")

    def compute(f: Frame) -> np.ndarray:
        ctx = f.inv.ctx
        bits = _bits(_per_lane(f.values[b], ctx.lanes))[:, :ctx.wave_size]
        lane = ctx.geometry.lane_in_wave.astype(np.int64)[:, None]
        position = np.arange(ctx.wave_size)[None, :]
        if operation == GroupOperation.InclusiveScan:
            bits = bits & (position <= lane)
        elif operation == GroupOperation.ExclusiveScan:
            bits = bits & (position < lane)
        return bits.sum(axis=1).astype(dtype)
    return compute


@register_opcode("OpGroupNonUniformBallotFindLSB", "OpGroupNonUniformBallotFindMSB")
def _ballot_find(c: InstructionContext) -> Compute:
    _subgroup_scope(c)
    b = _ballot_operand(c, 1)
    c.expect(isinstance(c.result_type, IntType), "result type must be an integer scalar")
    dtype = c.result_type.dtype  # type: ignore[union-attr]
    lowest = c.opname.endswith("LSB")

    def compute(f: Frame) -> np.ndarray:
        bits = _bits(f.values[b])
        found = bits.any(axis=1)
        position = np.argmax(bits, axis=1) if lowest else 127 - np.argmax(bits[:, ::-1], axis=1)
        return np.where(found, position, -1).astype(signed(dtype)).view(dtype)
    return compute


# -- arithmetic group operations -------------------------------------------------------------------------
_IDENTITY: dict[str, Callable[[np.dtype], Any]] = {
    "add": lambda d: np.zeros((), d), "mul": lambda d: np.ones((), d),
    "min": lambda d: np.array(np.inf if d.kind == "f" else np.iinfo(d).max, d),
    "max": lambda d: np.array(-np.inf if d.kind == "f" else np.iinfo(d).min, d),
    "and": lambda d: np.array(True if d.kind == "b" else ~d.type(0), d), "or": lambda d: np.zeros((), d),
    "xor": lambda d: np.zeros((), d),
}
_UFUNC = {"add": np.add, "mul": np.multiply, "and": np.bitwise_and, "or": np.bitwise_or, "xor": np.bitwise_xor}
_GROUP_OPS = {
    "OpGroupNonUniformIAdd": ("add", "i", ""), "OpGroupNonUniformFAdd": ("add", "f", ""),
    "OpGroupNonUniformIMul": ("mul", "i", ""), "OpGroupNonUniformFMul": ("mul", "f", ""),
    "OpGroupNonUniformSMin": ("min", "i", "s"), "OpGroupNonUniformUMin": ("min", "i", "u"),
    "OpGroupNonUniformFMin": ("min", "f", ""), "OpGroupNonUniformSMax": ("max", "i", "s"),
    "OpGroupNonUniformUMax": ("max", "i", "u"), "OpGroupNonUniformFMax": ("max", "f", ""),
    "OpGroupNonUniformBitwiseAnd": ("and", "i", "u"), "OpGroupNonUniformBitwiseOr": ("or", "i", "u"),
    "OpGroupNonUniformBitwiseXor": ("xor", "i", "u"), "OpGroupNonUniformLogicalAnd": ("and", "b", ""),
    "OpGroupNonUniformLogicalOr": ("or", "b", ""), "OpGroupNonUniformLogicalXor": ("xor", "b", ""),
}
_WAVE_REDUCE = {"add": WaveActiveSum, "mul": WaveActiveProduct, "min": WaveActiveMin, "max": WaveActiveMax}


def _ufunc(kind: str, dtype: np.dtype) -> np.ufunc:
    if kind == "min":
        return np.fmin if dtype.kind == "f" else np.minimum
    if kind == "max":
        return np.fmax if dtype.kind == "f" else np.maximum
    if dtype.kind == "b":
        return {"and": np.logical_and, "or": np.logical_or, "xor": np.logical_xor}[kind]
    return _UFUNC[kind]


def _reduce(ctx: ExecutionContext, mask: np.ndarray, kind: str, value: np.ndarray) -> np.ndarray:
    if kind in _WAVE_REDUCE and value.dtype.kind != "b":
        return _with_mask(ctx, mask, lambda: _WAVE_REDUCE[kind](value))
    masked = np.where(mask.reshape(mask.shape + (1,) * (value.ndim - 1)), value, _IDENTITY[kind](value.dtype))
    return _ufunc(kind, value.dtype).reduceat(masked, ctx.wave_starts, axis=0)[ctx.wave_of_lane]


def _scan(ctx: ExecutionContext, mask: np.ndarray, kind: str, value: np.ndarray, inclusive: bool) -> np.ndarray:
    identity = _IDENTITY[kind](value.dtype)
    neutral = np.array(-0.0, value.dtype) if kind == "add" and value.dtype.kind == "f" else identity
    masked = np.where(mask.reshape(mask.shape + (1,) * (value.ndim - 1)), value, neutral)
    matrix = _lane_matrix(ctx, masked, neutral)
    scanned = _ufunc(kind, value.dtype).accumulate(matrix, axis=1)
    if not inclusive:
        shifted = np.empty_like(scanned)
        shifted[:, 0] = identity
        shifted[:, 1:] = scanned[:, :-1]
        scanned = shifted
    return scanned[ctx.wave_of_lane, ctx.geometry.lane_in_wave]


def _clustered(ctx: ExecutionContext, mask: np.ndarray, kind: str, value: np.ndarray, size: int) -> np.ndarray:
    identity = _IDENTITY[kind](value.dtype)
    masked = np.where(mask.reshape(mask.shape + (1,) * (value.ndim - 1)), value, identity)
    matrix = _lane_matrix(ctx, masked, identity)
    clusters = matrix.reshape(matrix.shape[0], -1, size, *matrix.shape[2:])
    reduced = _ufunc(kind, value.dtype).reduce(clusters, axis=2)
    return reduced[ctx.wave_of_lane, ctx.geometry.lane_in_wave // size]


def _group_operation(c: InstructionContext) -> Compute:
    kind, kinds, signedness = _GROUP_OPS[c.opname]
    _subgroup_scope(c)
    operation = c.literal(1)
    result = c.numeric_result(kinds)
    c.expect(c.value_type(2).id == result.id, "Value must have the result type")
    v = c.value(2)
    dtype = result.dtype  # type: ignore[attr-defined]
    work = signed(dtype) if signedness == "s" else unsigned(dtype) if signedness == "u" else dtype
    cluster = None
    if operation == GroupOperation.ClusteredReduce:
        cluster = c.constant_int(3, "ClusterSize")
        if cluster < 1 or cluster & (cluster - 1):
            raise c.fail(f"ClusterSize {cluster} must be a power of two")
    elif operation not in (GroupOperation.Reduce, GroupOperation.InclusiveScan, GroupOperation.ExclusiveScan):
        raise c.unsupported(f"group operation {enum_label(GroupOperation, operation)}")

    def compute(f: Frame) -> np.ndarray:
        ctx = f.inv.ctx
        value = view(_per_lane(f.values[v], ctx.lanes), work)
        if operation == GroupOperation.Reduce:
            out = _reduce(ctx, f.mask, kind, value)
        elif cluster is not None:
            if cluster > ctx.wave_size:
                raise c.undefined(f"ClusterSize {cluster} is larger than the subgroup size {ctx.wave_size}")
            out = _clustered(ctx, f.mask, kind, value, cluster)
        else:
            out = _scan(ctx, f.mask, kind, value, operation == GroupOperation.InclusiveScan)
        return view(np.asarray(out, work), dtype)
    return compute


for _name in _GROUP_OPS:
    register_opcode(_name)(_group_operation)
