"""Per-instruction tests of the subgroup (OpGroupNonUniform*) instructions, in divergent control flow,
against a per-wave Python oracle. Subgroups are the profile's waves."""

import numpy as np
import pytest

from dxlinalg.profile.registry import load_profile
from dxlinalg.spirv import SpirvUndefinedBehaviorError, run
from dxlinalg.spirv.builder import ComputeKernel
from dxlinalg.spirv.enums import GroupOperation, Scope

LANES = 128
rng = np.random.default_rng(31)


def subgroup_kernel(result_spec, build, local_size=LANES):
    """out[i] = build(kernel, x[i], active) on lanes whose input is even (others store 0x7FFF...)."""
    kernel = ComputeKernel(local_size=(local_size, 1, 1))
    b, fn = kernel.module, kernel.fn
    types = {"i32": b.int(), "u32": b.uint(), "f32": b.float(32), "bool": b.bool(), "u32x4": b.vector(b.uint(), 4)}
    int32 = b.int()
    inputs = kernel.buffer(0, 0, int32)
    stored = types["u32x4"] if result_spec == "u32x4" else b.uint() if result_spec == "bool" else types[result_spec]
    outputs = kernel.buffer(0, 1, stored)
    i = kernel.global_id_x()
    x = kernel.load(inputs, i, int32)
    active, merge = fn.label(), fn.label()
    even = fn.op("OpIEqual", b.bool(), fn.op("OpBitwiseAnd", int32, x, b.constant(int32, 1)), b.constant(int32, 0))
    fn.do("OpSelectionMerge", merge, 0)
    fn.do("OpBranchConditional", even, active, merge)
    fn.block(active)
    value = build(kernel, types, x, b.constant(b.uint(), Scope.Subgroup))
    if result_spec == "bool":
        value = fn.op("OpSelect", b.uint(), value, b.constant(b.uint(), 1), b.constant(b.uint(), 0))
    kernel.store(outputs, i, stored, value)
    fn.do("OpBranch", merge)
    fn.block(merge)
    return kernel.finish()


def run_subgroup(words, values, dtype, profile="reference", shape=(LANES,), strict=True):
    out = run(words, profile=profile, strict=strict,
              buffers={(0, 0): values.astype(np.int32), (0, 1): np.zeros(shape, dtype)})
    return out[(0, 1)]


def waves(values, wave):
    """(wave's active values, lane's position among them or None) per lane."""
    for start in range(0, len(values), wave):
        lanes = values[start:start + wave]
        active = [k for k, v in enumerate(lanes) if v % 2 == 0]
        for k in range(len(lanes)):
            yield lanes, active, k


@pytest.mark.parametrize("profile", ["reference", "adversarial", "minimal"])
def test_elect_all_any_all_equal_broadcast_first(profile):
    wave = load_profile(profile).wave_size
    values = rng.integers(0, 6, LANES)

    def build(kernel, types, x, scope):
        b, fn = kernel.module, kernel.fn
        int32 = types["i32"]
        elect = fn.op("OpGroupNonUniformElect", types["bool"], scope)
        every = fn.op("OpGroupNonUniformAll", types["bool"], scope, fn.op("OpSLessThan", types["bool"], x,
                                                                          b.constant(int32, 4)))
        some = fn.op("OpGroupNonUniformAny", types["bool"], scope, fn.op("OpIEqual", types["bool"], x,
                                                                         b.constant(int32, 4)))
        same = fn.op("OpGroupNonUniformAllEqual", types["bool"], scope, x)
        first = fn.op("OpGroupNonUniformBroadcastFirst", int32, scope, fn.op("OpIMul", int32, x, x))
        bits = [fn.op("OpSelect", int32, flag, b.constant(int32, 1 << k), b.constant(int32, 0))
                for k, flag in enumerate((elect, every, some, same))]
        total = first
        for bit in bits:
            total = fn.op("OpIAdd", int32, total, fn.op("OpShiftLeftLogical", int32, bit, b.constant(int32, 8)))
        return total

    out = run_subgroup(subgroup_kernel("i32", build), values, np.int32, profile)
    expected = []
    for lanes, active, k in waves(values.tolist(), wave):
        if k not in active:
            expected.append(0)
            continue
        chosen = [lanes[a] for a in active]
        flags = [k == active[0], all(v < 4 for v in chosen), any(v == 4 for v in chosen), len(set(chosen)) == 1]
        expected.append(chosen[0] ** 2 + sum(int(f) << (k_ + 8) for k_, f in enumerate(flags)))
    assert out.tolist() == expected


def test_broadcast_reads_one_lane_and_reports_an_inactive_one():
    values = rng.integers(0, 50, LANES) * 2
    values[::32] = 1                                           # lane 0 of every wave is inactive

    def build_for(lane):
        def build(kernel, types, x, scope):
            return kernel.fn.op("OpGroupNonUniformBroadcast", types["i32"], scope, x,
                                kernel.module.constant(types["u32"], lane))
        return build

    out = run_subgroup(subgroup_kernel("i32", build_for(5)), values, np.int32)
    expected = [values[(i // 32) * 32 + 5] if values[i] % 2 == 0 else 0 for i in range(LANES)]
    assert out.tolist() == expected
    with pytest.raises(SpirvUndefinedBehaviorError, match=r"OpGroupNonUniformBroadcast .*Id 0 \(lane 1\) names an "
                                                          r"inactive"):
        run_subgroup(subgroup_kernel("i32", build_for(0)), values, np.int32)


def _shuffle_kernel(opname):
    def build(kernel, types, x, scope):
        fn, b = kernel.fn, kernel.module
        lane_delta = fn.op("OpShiftRightLogical", types["u32"], fn.op("OpBitcast", types["u32"], x),
                           b.constant(types["u32"], 8))
        return fn.op(opname, types["i32"], scope, fn.op("OpBitwiseAnd", types["i32"], x,
                                                        b.constant(types["i32"], 255)), lane_delta)
    return subgroup_kernel("i32", build)


@pytest.mark.parametrize("opname, source", [
    ("OpGroupNonUniformShuffle", lambda k, d: d), ("OpGroupNonUniformShuffleXor", lambda k, d: k ^ d),
    ("OpGroupNonUniformShuffleUp", lambda k, d: k - d), ("OpGroupNonUniformShuffleDown", lambda k, d: k + d)])
def test_shuffles_read_another_lane_or_zero(opname, source):
    values = rng.integers(0, 50, LANES) * 2
    values[7] = 1
    deltas = rng.integers(0, 40, LANES)
    packed = values + (deltas << 8)
    out = run_subgroup(_shuffle_kernel(opname), packed, np.int32, strict=False)
    expected = []
    for i in range(LANES):
        if values[i] % 2:
            expected.append(0)
            continue
        lane = source(i % 32, int(deltas[i]))
        inside = 0 <= lane < 32 and values[(i // 32) * 32 + lane] % 2 == 0
        expected.append(int(values[(i // 32) * 32 + lane]) if inside else 0)
    assert out.tolist() == expected


def test_ballot_and_its_queries():
    values = rng.integers(0, 8, LANES) * 2
    values[3::5] += 1

    def build(kernel, types, x, scope):
        fn, b = kernel.fn, kernel.module
        uvec4, uint = types["u32x4"], types["u32"]
        predicate = fn.op("OpSLessThan", types["bool"], x, b.constant(types["i32"], 8))
        ballot = fn.op("OpGroupNonUniformBallot", uvec4, scope, predicate)
        counts = [fn.op("OpGroupNonUniformBallotBitCount", uint, scope, operation, ballot)
                  for operation in (GroupOperation.Reduce, GroupOperation.InclusiveScan, GroupOperation.ExclusiveScan)]
        lsb = fn.op("OpGroupNonUniformBallotFindLSB", uint, scope, ballot)
        msb = fn.op("OpGroupNonUniformBallotFindMSB", uint, scope, ballot)
        mine = fn.op("OpGroupNonUniformInverseBallot", types["bool"], scope, ballot)
        third = fn.op("OpGroupNonUniformBallotBitExtract", types["bool"], scope, ballot, b.constant(uint, 2))
        flags = fn.op("OpIAdd", uint, fn.op("OpSelect", uint, mine, b.constant(uint, 1), b.constant(uint, 0)),
                      fn.op("OpSelect", uint, third, b.constant(uint, 2), b.constant(uint, 0)))
        packed = fn.op("OpBitwiseOr", uint, counts[0], fn.op("OpShiftLeftLogical", uint, counts[1],
                                                              b.constant(uint, 8)))
        packed = fn.op("OpBitwiseOr", uint, packed, fn.op("OpShiftLeftLogical", uint, counts[2], b.constant(uint, 16)))
        packed = fn.op("OpBitwiseOr", uint, packed, fn.op("OpShiftLeftLogical", uint, flags, b.constant(uint, 24)))
        return fn.op("OpCompositeConstruct", uvec4, fn.op("OpCompositeExtract", uint, ballot, 0), packed, lsb, msb)

    out = run_subgroup(subgroup_kernel("u32x4", build), values, np.uint32, shape=(LANES, 4))
    for i in range(LANES):
        if values[i] % 2:
            assert not out[i].any()
            continue
        lanes = values[(i // 32) * 32:(i // 32 + 1) * 32]
        bits = [int(v % 2 == 0 and v < 8) for v in lanes.tolist()]
        word = sum(bit << k for k, bit in enumerate(bits))
        k = i % 32
        count, inclusive, exclusive = sum(bits), sum(bits[:k + 1]), sum(bits[:k])
        flags = bits[k] + 2 * bits[2]
        lsb = bits.index(1) if any(bits) else 0xFFFFFFFF
        msb = 31 - bits[::-1].index(1) if any(bits) else 0xFFFFFFFF
        assert out[i].tolist() == [word, count | inclusive << 8 | exclusive << 16 | flags << 24, lsb, msb]


ARITHMETIC = [
    ("OpGroupNonUniformIAdd", "i32", lambda a, b: a + b, 0), ("OpGroupNonUniformIMul", "i32", lambda a, b: a * b, 1),
    ("OpGroupNonUniformSMin", "i32", min, 2 ** 31 - 1), ("OpGroupNonUniformSMax", "i32", max, -2 ** 31),
    ("OpGroupNonUniformUMin", "u32", min, 2 ** 32 - 1), ("OpGroupNonUniformUMax", "u32", max, 0),
    ("OpGroupNonUniformBitwiseAnd", "u32", lambda a, b: a & b, 2 ** 32 - 1),
    ("OpGroupNonUniformBitwiseOr", "u32", lambda a, b: a | b, 0),
    ("OpGroupNonUniformBitwiseXor", "u32", lambda a, b: a ^ b, 0),
    ("OpGroupNonUniformFAdd", "f32", lambda a, b: np.float32(a + b), 0.0),
    ("OpGroupNonUniformFMul", "f32", lambda a, b: np.float32(a * b), 1.0),
    ("OpGroupNonUniformFMin", "f32", min, np.inf), ("OpGroupNonUniformFMax", "f32", max, -np.inf),
]


def _wrap(value, spec):
    if spec == "f32":
        return np.float32(value)
    value &= 0xFFFFFFFF
    return value - 2 ** 32 if spec == "i32" and value >= 2 ** 31 else value


@pytest.mark.parametrize("operation", ["Reduce", "InclusiveScan", "ExclusiveScan", "ClusteredReduce"])
@pytest.mark.parametrize("opname, spec, combine, identity", ARITHMETIC)
def test_arithmetic_group_operations(opname, spec, combine, identity, operation):
    values = rng.integers(0, 9, LANES) * 2
    values[5::7] += 1

    def build(kernel, types, x, scope):
        fn, b = kernel.fn, kernel.module
        operand = x
        if spec == "f32":
            operand = fn.op("OpFMul", types["f32"], fn.op("OpConvertSToF", types["f32"], x),
                            b.constant(types["f32"], 0.37))
        elif spec == "u32":
            operand = fn.op("OpIAdd", types["u32"], fn.op("OpBitcast", types["u32"], x),
                            b.constant(types["u32"], 0xF0F0F0F0))
        extra = [b.constant(types["u32"], 4)] if operation == "ClusteredReduce" else []
        return fn.op(opname, types[spec], scope, GroupOperation[operation], operand, *extra)

    dtype = {"i32": np.int32, "u32": np.uint32, "f32": np.float32}[spec]
    out = run_subgroup(subgroup_kernel(spec, build), values, dtype)

    def operand(v):
        if spec == "f32":
            return np.float32(np.float32(v) * np.float32(0.37))
        return _wrap(int(v) + (0xF0F0F0F0 if spec == "u32" else 0), spec)

    expected = []
    for lanes, active, k in waves(values.tolist(), 32):
        if k not in active:
            expected.append(0)
            continue
        if operation == "ClusteredReduce":
            chosen = [operand(lanes[a]) for a in active if a // 4 == k // 4]
        elif operation == "Reduce":
            chosen = [operand(lanes[a]) for a in active]
        elif operation == "InclusiveScan":
            chosen = [operand(lanes[a]) for a in active if a <= k]
        else:
            chosen = [operand(lanes[a]) for a in active if a < k]
        total = identity if not chosen else chosen[0]
        for value in chosen[1:]:
            total = _wrap(combine(total, value), spec) if spec != "f32" else combine(total, value)
        expected.append(total)
    if spec == "f32" and opname in ("OpGroupNonUniformFAdd", "OpGroupNonUniformFMul"):
        assert np.allclose(out, np.array(expected, np.float32), rtol=1e-6)   # the reduction order is the device's
    else:
        assert np.array_equal(out, np.array(expected, dtype))


@pytest.mark.parametrize("opname, combine", [("OpGroupNonUniformLogicalAnd", all), ("OpGroupNonUniformLogicalOr", any),
                                            ("OpGroupNonUniformLogicalXor", lambda v: sum(v) % 2 == 1)])
def test_logical_group_operations(opname, combine):
    values = rng.integers(0, 4, LANES) * 2

    def build(kernel, types, x, scope):
        fn, b = kernel.fn, kernel.module
        flag = fn.op("OpSLessThan", types["bool"], x, b.constant(types["i32"], 4))
        return fn.op(opname, types["bool"], scope, GroupOperation.InclusiveScan, flag)

    out = run_subgroup(subgroup_kernel("bool", build), values, np.uint32)
    expected = []
    for lanes, active, k in waves(values.tolist(), 32):
        expected.append(int(combine([lanes[a] < 4 for a in active if a <= k])) if k in active else 0)
    assert out.tolist() == expected


@pytest.mark.parametrize("opname, amount, lane, why", [
    ("OpGroupNonUniformShuffleDown", 1, 31, "Delta 1 \\(lane 31\\): the current invocation's id \\+ Delta = 32 is outside"),
    ("OpGroupNonUniformShuffleDown", 32, 0, "Delta 32 \\(lane 0\\).* = 32 is outside the subgroup of 32"),
    ("OpGroupNonUniformShuffleUp", 1, 0, "Delta 1 \\(lane 0\\): the current invocation's id - Delta = -1 is outside"),
    ("OpGroupNonUniformShuffle", 40, 0, "Id 40 \\(lane 0\\): Id = 40 is outside"),
    ("OpGroupNonUniformShuffleXor", 32, 0, "Mask 32 \\(lane 0\\).*XOR Mask = 32 is outside"),
])
def test_strict_mode_reports_a_shuffle_past_the_subgroup(opname, amount, lane, why):
    values = np.zeros(LANES, np.int64)
    values[:] = amount << 8
    with pytest.raises(SpirvUndefinedBehaviorError, match=why):
        run_subgroup(_shuffle_kernel(opname), values, np.int32)


def test_strict_mode_reports_a_shuffle_from_an_inactive_invocation():
    values = np.full(LANES, 1 << 8, np.int64)
    values[31::32] = 0                       # the last lane of each subgroup reads itself
    values[5] = 1 | (1 << 8)                 # lane 5 does not run the shuffle; lane 4 reads it
    with pytest.raises(SpirvUndefinedBehaviorError, match="Delta 1 \\(lane 4\\).* = 5 is an inactive invocation"):
        run_subgroup(_shuffle_kernel("OpGroupNonUniformShuffleDown"), values, np.int32)
    assert run_subgroup(_shuffle_kernel("OpGroupNonUniformShuffleDown"), values, np.int32, strict=False)[4] == 0
