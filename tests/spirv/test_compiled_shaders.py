"""GLSL compute shaders compiled by glslang (and optimised by spirv-opt), run against per-thread Python oracles.

The .spv files beside their .comp sources in tests/spirv/data were made by tests/spirv/data/build.sh;
each runs twice: straight from glslang (locals in Function variables) and after spirv-opt -O (SSA
values, OpPhi, inlined calls, merged returns).
"""

import struct
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from dxlinalg.memory.address_space import AddressSpace
from dxlinalg.profile.model import ShaderSettings
from dxlinalg.profile.registry import load_profile
from dxlinalg.spirv import SpirvUndefinedBehaviorError, run

DATA = Path(__file__).parent / "data"
VARIANTS = ["", ".opt"]
rng = np.random.default_rng(2026)


def shader(name: str, variant: str) -> Path:
    return DATA / f"{name}{variant}.spv"


def c_div(a: int, b: int) -> int:
    quotient = abs(a) // abs(b)
    return quotient if (a < 0) == (b < 0) else -quotient


def fused_multiply_add(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> np.ndarray:
    """a * b + c rounded once (nearest, ties to even), from exact rationals."""
    out = []
    for x, y, z in zip(a.tolist(), b.tolist(), c.tolist()):
        exact = Fraction(x) * Fraction(y) + Fraction(z)
        candidate = np.array(float(exact)).astype(a.dtype)
        neighbours = [candidate, np.nextafter(candidate, a.dtype.type(np.inf)),
                      np.nextafter(candidate, a.dtype.type(-np.inf))]
        out.append(min(neighbours, key=lambda v: (abs(Fraction(float(v)) - exact),
                                                  int(np.array(v).view(f"u{a.dtype.itemsize}")) & 1)))
    return np.array(out, a.dtype)


def control_flow_oracle(v: int) -> int:
    def collatz(n: int) -> int:
        steps = 0
        while n != 1:
            if steps >= 60:
                return -steps
            n = n // 2 if n % 2 == 0 else 3 * n + 1
            steps += 1
        return steps

    if v == 0:
        return -1000
    total = 0
    for a in range(v & 15):
        if a == 3:
            continue
        for b in range(a):
            if (a * b) % 7 == 6:
                break
            total = total - 1 if a * b - 5 < 0 else total + a * b - 5
        case = (v + a) % 5                 # glslang compiles GLSL's % to OpSMod: the divisor's sign, as Python
        if case == 0:
            total += 4
        elif case == 1:
            total += 1
        elif case == 3:
            total -= 2
        else:
            total ^= 1
    k = v
    while True:
        k = c_div(k, 3)
        total += 1
        if k <= 2:
            break
    return total * 1000 + collatz(abs(v) % 97 + 1)


@pytest.mark.parametrize("variant", VARIANTS)
def test_control_flow_diverges_inside_loops_and_reconverges(variant):
    values = rng.integers(-300, 300, 256).astype(np.int32)
    values[::17] = 0
    out = run(shader("control_flow", variant), groups=(4, 1, 1),
              buffers={(0, 0): values, (0, 1): np.zeros(256, np.int32)})[(0, 1)]
    assert out.tolist() == [control_flow_oracle(v) for v in values.tolist()]


@pytest.mark.parametrize("variant", VARIANTS)
def test_shared_memory_tree_reduction_with_barriers(variant):
    values = rng.standard_normal(512).astype(np.float32)
    out = run(shader("shared_reduce", variant), groups=(4, 1, 1),
              buffers={(0, 0): values, (0, 1): np.zeros(4, np.float32), (0, 2): np.zeros(512, np.float32)})
    for group in range(4):
        partial = values[group * 128:(group + 1) * 128].copy()
        stride = 64
        while stride:
            partial[:stride] = partial[:stride] + partial[stride:2 * stride]
            stride //= 2
        assert out[(0, 1)][group] == partial[0]
        tile = (values[group * 128:(group + 1) * 128] * np.float32(2)).reshape(8, 16)
        assert np.array_equal(out[(0, 2)][group * 128:(group + 1) * 128], np.roll(tile, -1, axis=0).reshape(-1))


def atomics_oracle(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    counters = np.zeros(32, np.uint32)
    counters[16] = counters[18] = 0xFFFFFFFF
    signed = counters.view(np.int32)
    returned = []
    seen_bucket: dict[int, int] = {}
    for i, v in enumerate(values.tolist()):
        before = seen_bucket.get(v % 16, 0)
        seen_bucket[v % 16] = before + 1
        previous, seen = (i - 1 if i else 0), i
        returned.append(before ^ (previous << 8) ^ (seen << 16))
    for v in values.tolist():
        counters[v % 16] += 1
        counters[16] = min(counters[16], v)
        counters[17] = max(counters[17], v)
        counters[18] &= v | 0xF0000000
        counters[19] |= v & 0xFF
        counters[20] ^= v
        signed[23] = min(signed[23], v - 500)
        signed[24] = max(signed[24], v - 500)
    counters[21] = len(values) - 1
    counters[22] = len(values)
    total = np.float32(0)
    for v in values.tolist():
        total = np.float32(total + np.float32(np.float32(v) * np.float32(0.1)))
    counters.view(np.float32)[25] = total
    for group in range(len(values) // 64):
        local = np.zeros(16, np.uint32)
        for v in values[group * 64:(group + 1) * 64].tolist():
            local[v % 16] += v
        counters[:16] += local & 1
    return counters, np.array(returned, np.uint32)


@pytest.mark.parametrize("variant", VARIANTS)
def test_atomics_happen_in_lane_order(variant):
    values = rng.integers(0, 1000, 128).astype(np.uint32)
    counters = np.zeros(32, np.uint32)
    counters[16] = counters[18] = 0xFFFFFFFF
    out = run(shader("atomics", variant), groups=(2, 1, 1),
              buffers={(0, 0): values, (0, 1): counters, (0, 2): np.zeros(128, np.uint32)})
    expected_counters, expected_returned = atomics_oracle(values)
    assert out[(0, 1)].tolist() == expected_counters.tolist()
    assert out[(0, 2)].tolist() == expected_returned.tolist()


def subgroup_oracle(values: list[int], wave: int, group_size: int) -> list[int]:
    results = []
    waves_per_group = -(-group_size // wave)
    for start in range(0, len(values), group_size):
        group = values[start:start + group_size]
        for w in range(waves_per_group):
            lanes = group[w * wave:(w + 1) * wave]
            u = [x & 0xFFFFFFFF for x in lanes]
            and_all, or_all, xor_all = 0xFFFFFFFF, 0, 0
            for x in u:
                and_all, or_all, xor_all = and_all & x, or_all | x, xor_all ^ x
            odd = [lanes[k] for k in range(1, len(lanes), 2)]
            for k, v in enumerate(lanes):
                def signed(x):
                    return x - (1 << 32) if x >= 1 << 31 else x
                r = sum(lanes) * 3 + sum(lanes[:k + 1]) * 5 + sum(lanes[:k]) * 7
                r += min(lanes) + max(lanes) * 2 + signed(and_all) + signed(or_all) + signed(xor_all)
                r += 100 if k == 0 else 0
                r += lanes[3] + lanes[0] * 2
                positive = [x > 0 for x in lanes]
                r += sum(positive) * 11 + sum(positive[:k])
                r += lanes[k ^ 1] * 13 + (lanes[(k + 5) % wave] if (k + 5) % wave < len(lanes) else 0)
                r += 17 if all(x > -100 for x in lanes) else 0
                r += 19 if any(x > 40 for x in lanes) else 0
                r += 23 if len(set(lanes)) == 1 else 0
                if k % 2 == 1:
                    product = 1
                    for x in odd[:k // 2 + 1]:
                        product *= x % 3 + 1
                    r += sum(odd) * 29 + product + (31 if k == 1 else 0) + odd[0] * 37
                r += wave * 1000 + w * 100000 + waves_per_group * 1000000
                results.append(r)
    return results


@pytest.mark.parametrize("profile", ["reference", "nvidia-h100"])
@pytest.mark.parametrize("variant", VARIANTS)
def test_subgroup_operations_use_the_profiles_waves(variant, profile):
    values = rng.integers(-50, 50, 96).astype(np.int32)
    # the last wave of each 48-invocation workgroup is partial: its shuffles read missing invocations, which
    # strict mode reports as undefined; the oracle follows the permissive values of the default shader settings
    # (0 from a missing lane, SPIR-V's OpSMod), with the profile's waves
    with pytest.raises(SpirvUndefinedBehaviorError, match="OpGroupNonUniformShuffle.*inactive invocation"):
        run(shader("subgroup", variant), groups=(2, 1, 1), profile=profile,
            buffers={(0, 0): values, (0, 1): np.zeros(96, np.int32)})
    waves_only = load_profile(profile).model_copy(update={"shader": ShaderSettings()})
    out = run(shader("subgroup", variant), groups=(2, 1, 1), profile=waves_only, strict=False,
              buffers={(0, 0): values, (0, 1): np.zeros(96, np.int32)})[(0, 1)]
    wave = load_profile(profile).wave_size
    assert out.tolist() == subgroup_oracle(values.tolist(), wave, 48)


@pytest.mark.parametrize("variant", VARIANTS)
def test_8_16_64_bit_integers_and_16_64_bit_floats(variant):
    n = 64
    halves = rng.uniform(-4, 4, n).astype(np.float16)
    halves[halves == -3] = 1
    small = rng.integers(-128, 128, n).astype(np.int8)
    shorts = rng.integers(0, 65536, n).astype(np.uint16)
    longs = rng.integers(-2 ** 62, 2 ** 62, n).astype(np.int64)
    doubles = rng.standard_normal(n) * 1e3
    out = run(shader("types", variant), groups=(2, 1, 1), buffers={
        (0, 0): halves, (0, 1): small, (0, 2): shorts, (0, 3): longs, (0, 4): doubles,
        (0, 5): np.zeros((n, 2), np.float16), (0, 6): np.zeros(n, np.uint64), (0, 7): np.zeros(n, np.float64),
        (0, 8): np.zeros((n, 2), np.int16)})
    fused = variant == ".opt"     # spirv-opt contracts h * h + 1.5 and d * d / 3.0 + x into Fma
    with np.errstate(all="ignore"):
        square = fused_multiply_add(halves, halves, np.full(n, 1.5, np.float16)) if fused else \
            halves * halves + np.float16(1.5)
        hv = np.stack([square, halves / (halves + np.float16(3))], axis=1)
        expected_half = (hv.astype(np.float64) * 0.25 + hv[:, ::-1].astype(np.float64)).astype(np.float16)
        big = longs * small.astype(np.int64) + shorts.astype(np.int64) * 65537
        unsigned = big.view(np.uint64)
        expected_long = (unsigned >> np.uint64(3)) ^ (unsigned << np.uint64(61))
        if fused:
            third = np.full(n, 1.0 / 3.0)
            expected_double = fused_multiply_add(doubles * doubles, third, big.astype(np.float64)) + \
                np.sqrt(np.abs(doubles))
        else:
            expected_double = doubles * doubles / 3.0 + big.astype(np.float64) + np.sqrt(np.abs(doubles))
        expected_small = np.stack([small.astype(np.int16) * np.int16(300), shorts.astype(np.int16) -
                                   small.astype(np.int16)], axis=1)
    assert np.array_equal(out[(0, 5)], expected_half)
    assert np.array_equal(out[(0, 6)], expected_long)
    assert np.array_equal(out[(0, 7)], expected_double)
    assert np.array_equal(out[(0, 8)], expected_small)


def _params() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    block = np.zeros(48, np.float32)
    rows = rng.standard_normal((4, 4)).astype(np.float32)
    columns = rng.standard_normal((3, 2)).astype(np.float32)      # column c holds rows 0 and 1
    weights = rng.standard_normal(4).astype(np.float32)
    offset = rng.standard_normal(3).astype(np.float32)
    block[0:16] = rows.reshape(-1)                                  # row_major: row r at 16 * r bytes
    for c in range(3):
        block[16 + 4 * c:18 + 4 * c] = columns[c]                  # column stride 16 (std140)
    block[28:44:4] = weights                                        # array stride 16 (std140)
    block[44:47] = offset
    return block, rows, columns, weights, offset


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("spec", [{0: 32}, {0: 16, 1: 5, 2: False, 3: -1.25}])
def test_std140_std430_layouts_push_and_specialization_constants(variant, spec):
    block, rows, columns, weights, offset = _params()
    count = 50
    particles = np.zeros((64, 8), np.float32)
    particles[:, :4] = rng.standard_normal((64, 4))
    cells = rng.integers(-9, 9, (64, 2)).astype(np.int32)
    particles[:, 4:6] = cells.view(np.float32)
    gain = np.float32(1.5)
    out = run(shader("layouts", variant), groups=(4, 1, 1), spec_constants=spec,
              buffers={(0, 0): block, (0, 1): particles, (0, 2): np.zeros((64, 4), np.float32)},
              push_constants=struct.pack("<If", count, gain))
    scale, use_offset, bias = spec.get(1, 2), spec.get(2, True), np.float32(spec.get(3, 0.5))
    lanes = min(spec[0] * 4, 64)
    for i in range(64):
        result = out[(0, 2)][i]
        if i >= count or i >= lanes:
            assert not result.any()
            continue
        position, mass = particles[i, :3], particles[i, 3]
        transformed = rows.astype(np.float64) @ np.append(position, mass)
        projected = columns.T.astype(np.float64) @ position
        weight = weights[i % 4] * np.float32(scale * 2)
        shift = offset if use_offset else np.zeros(3, np.float32)
        expected = transformed * gain + np.array([*projected, weight, float(cells[i, 0] - cells[i, 1]) + bias]) + \
            np.append(shift, 0)
        assert np.allclose(result, expected, rtol=1e-5, atol=1e-5)
        assert out[(0, 1)][i, 4:6].view(np.int32).tolist() == cells[i, ::-1].tolist()


@pytest.mark.parametrize("variant", VARIANTS)
def test_physical_storage_buffer_pointers_walk_a_linked_list(variant):
    space = AddressSpace()
    nodes = space.allocate(16 * 6, "nodes")
    for k in range(6):
        following = nodes.address + 16 * (k + 1) if k < 5 else 0
        nodes.data[16 * k:16 * k + 12] = np.frombuffer(struct.pack("<Qi", following, (k + 1) * 10), np.uint8)
    samples = space.allocate(64, "samples")
    samples.data[:] = np.arange(16, dtype=np.float32).view(np.uint8)
    out = run(shader("buffer_reference", variant), buffers={(0, 0): np.zeros(16, np.int32)},
              push_constants=struct.pack("<QQ", nodes.address, samples.address), address_space=space)
    hops = [i % 5 + 1 for i in range(16)]
    assert out[(0, 0)].tolist() == [sum((k + 1) * 10 for k in range(h)) for h in hops]
    assert samples.data.view(np.float32).tolist() == [2.0 * k for k in range(16)]
