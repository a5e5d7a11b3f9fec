"""Fuzzing profile files: random JSON mutations of the built-in profiles, then everything that uses one.

A case takes a built-in profile's JSON and applies one to three mutations anywhere in its tree: mostly
plausible ones (another value of the same field or another type name, a nearby integer, a flipped flag,
list items duplicated, dropped or cleared), sometimes breaking ones (any JSON value, a key deleted, an
unknown key: a near-miss of a real one, or any text); the text may then be damaged (truncated, trailing
garbage, a BOM, NaN, a key written twice, bytes that are not UTF-8).

Properties: loading it (from text, from a file, through `dxlinalg profile check FILE` in-process) either
gives a profile or raises ProfileError, one line, the same way each time; `dxlinalg profile check` exits 0
or 2 with exactly that line. A profile that loads is usable: `profile show` gives JSON that loads back to
the same profile, and a device made from it answers CheckFeatureSupport, sizes and converts matrices in
every layout and type it reports, and runs each DXIL op on its first reported combination, raising only
documented errors and writing only destination bytes; two runs give the same bytes.
"""

from __future__ import annotations

import contextlib
import io
import json
import tempfile
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from d3d12api import *  # noqa: F403
from d3d12api.conversion import allowed_matrix_types
from dxlinalg import dxil
from dxlinalg.cli import main
from dxlinalg.numerics.component_types import D3D12_TYPE_NAMES, ComponentType, MatrixLayout
from dxlinalg.profile.model import DeviceProfile
from dxlinalg.profile.registry import builtin_profile_names, load_profile, parse_profile
from fuzz_harness import Outcome, call_documented, changed_outside, fuzz_settings, mask_of, sentinel

T = ComponentType
TEXTS = {name: resources.files("dxlinalg.profile.data").joinpath(f"{name}.json").read_text(encoding="utf-8")
         for name in builtin_profile_names()}


def _leaves(node: Any) -> list[Any]:
    if isinstance(node, dict):
        return [leaf for value in node.values() for leaf in _leaves(value)]
    if isinstance(node, list):
        return [leaf for value in node for leaf in _leaves(value)]
    return [node]


def _keys(node: Any) -> set[str]:
    if isinstance(node, dict):
        return set(node) | {k for value in node.values() for k in _keys(value)}
    if isinstance(node, list):
        return {k for value in node for k in _keys(value)}
    return set()


#: Strings the built-in profiles use (enum values, layout kinds, type names): swapping them makes
#: plausible profiles; plus every type name, D3D12 and DXIL spelling.
STRINGS = sorted({leaf for text in TEXTS.values() for leaf in _leaves(json.loads(text)) if isinstance(leaf, str)}
                 | set(D3D12_TYPE_NAMES) | {t.name for t in T})
KEYS = sorted(set().union(*(_keys(json.loads(text)) for text in TEXTS.values())))
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70),
                    st.sampled_from([0, 1, 4, 8, 16, 24, 64, 128, 256, 4096, 2**31, 2**32, -1]),
                    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=8), st.sampled_from(STRINGS))
JSON_VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=3)
                           | st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=6), inner, max_size=3),
                           max_leaves=6)


def _paths(node: Any, prefix: tuple = ()) -> list[tuple]:
    """Every path into the tree (the root is ())."""
    paths = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            paths += _paths(value, prefix + (key,))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            paths += _paths(value, prefix + (index,))
    return paths


def _at(node: Any, path: tuple) -> Any:
    for part in path:
        node = node[part]
    return node


def _strings_at(key: Any) -> list[str]:
    """What the built-in profiles write under `key` (another value of the same field)."""
    found: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for k, value in node.items():
                if k == key and isinstance(value, str):
                    found.add(value)
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    for text in TEXTS.values():
        walk(json.loads(text))
    return sorted(found)


TYPE_NAMES = sorted(set(D3D12_TYPE_NAMES) | {t.name for t in T})
PLAUSIBLE = ["same_field", "same_field", "nearby_int", "flip_bool", "duplicate", "drop_item", "empty_list"]
BREAKING = ["replace", "delete", "unknown_key"]


@st.composite
def mutated_profile(draw: st.DrawFn) -> tuple[str, bytes]:
    """(built-in name, the mutated file's bytes): mostly plausible mutations (another value of the same
    field, a nearby integer, a flipped flag, list items duplicated, dropped or cleared), sometimes breaking
    ones (any JSON value, a key deleted, an unknown key)."""
    name = draw(st.sampled_from(sorted(TEXTS)))
    data = json.loads(TEXTS[name])
    for _ in range(draw(st.integers(1, 3))):
        top = draw(st.sampled_from(sorted(data) + [None]))   # one field's subtree, so lists do not dominate
        path = draw(st.sampled_from(_paths(data[top], (top,)) if top in data else [()]))
        value = _at(data, path)
        parent = _at(data, path[:-1]) if path else None
        kind = draw(st.sampled_from(PLAUSIBLE * 2 + BREAKING))
        if kind == "same_field" and path and isinstance(value, str):
            choices = TYPE_NAMES if value in TYPE_NAMES else _strings_at(path[-1]) + [value.lower(), value.upper()]
            parent[path[-1]] = draw(st.sampled_from(choices))
        elif kind == "nearby_int" and path and isinstance(value, int) and not isinstance(value, bool):
            parent[path[-1]] = draw(st.sampled_from([value * 2, value // 2, value + 1, value - 1, -value, 0]))
        elif kind == "flip_bool" and path and isinstance(value, bool):
            parent[path[-1]] = not value
        elif kind == "duplicate" and isinstance(parent, list):
            parent.insert(path[-1], json.loads(json.dumps(value)))
        elif kind == "drop_item" and isinstance(parent, list):
            del parent[path[-1]]
        elif kind == "empty_list" and isinstance(value, list):
            value.clear()
        elif kind == "delete" and path:
            del parent[path[-1]]
        elif kind == "unknown_key" and isinstance(value, dict):
            near = [k for k in KEYS if k not in value]
            key = draw(st.sampled_from(near) | st.text(min_size=1, max_size=8) |
                       st.sampled_from([k.upper() for k in value] + [k + "s" for k in value] or ["x"]))
            value[key] = draw(JSON_VALUES)
        elif kind == "replace" and path:
            parent[path[-1]] = draw(JSON_VALUES)
    text = json.dumps(data, indent=draw(st.sampled_from([None, 2])))
    damage = draw(st.sampled_from(["none"] * 14 + ["truncate", "garbage", "bom", "nan", "twice", "latin1"]))
    if damage == "truncate":
        text = text[: draw(st.integers(0, max(0, len(text) - 1)))]
    elif damage == "garbage":
        text += draw(st.sampled_from(["}", ",", " x", "\x00", "\n{}"]))
    elif damage == "nan":
        text = text.replace("32", "NaN", 1)
    elif damage == "twice" and text.startswith("{"):
        text = '{"tier": "TIER_1_0", ' + text[1:]
    raw = text.encode("utf-8")
    if damage == "bom":
        raw = b"\xef\xbb\xbf" + raw
    elif damage == "latin1":
        raw = text.replace('"', '"\xe9', 1).encode("latin-1", errors="replace")
    return name, raw


# --- what a profile that loads must support -----------------------------------------------------------

def exercise_device(profile: DeviceProfile) -> list[Any]:
    """Feature queries, sizes and conversions in every reported type and layout, and each DXIL op on the
    first reported combination; returns what happened and the bytes written, for the repeat check."""
    record: list[Any] = []
    device, outcome = call_documented(D3D12CreateDevice, None, D3D_FEATURE_LEVEL_12_0, profile=profile)
    record.append(outcome)
    if device is None:
        return record
    tier = D3D12_FEATURE_DATA_D3D12_OPTIONS_EXPERIMENTAL()
    record.append(call_documented(device.CheckFeatureSupport, D3D12_FEATURE_D3D12_OPTIONS_EXPERIMENTAL, tier,
                                  sizeof(tier))[0])
    counts = D3D12_FEATURE_DATA_COOPERATIVE_VECTOR()
    record.append(call_documented(device.CheckFeatureSupport, D3D12_FEATURE_COOPERATIVE_VECTOR, counts,
                                  sizeof(counts))[0])
    record.append((tier.CooperativeVectorTier, counts.MatrixVectorMulAddPropCount))

    size = 1 << 16
    flags = D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS
    source = device.CreateCommittedResource(CD3DX12_HEAP_PROPERTIES(D3D12_HEAP_TYPE_UPLOAD), D3D12_HEAP_FLAG_NONE,
                                            CD3DX12_RESOURCE_DESC.Buffer(size), D3D12_RESOURCE_STATE_GENERIC_READ)
    source.Map(0, CD3DX12_RANGE(0, 0))[:] = np.random.default_rng(1).uniform(-300, 300, size // 4).astype(
        np.float32).view(np.uint8)   # FLOAT32 values; as int8 / uint8 bytes, any
    dest = device.CreateCommittedResource(CD3DX12_HEAP_PROPERTIES(D3D12_HEAP_TYPE_DEFAULT), D3D12_HEAP_FLAG_NONE,
                                          CD3DX12_RESOURCE_DESC.Buffer(size, flags), D3D12_RESOURCE_STATE_COMMON)
    queue = device.CreateCommandQueue(D3D12_COMMAND_QUEUE_DESC(Type=D3D12_COMMAND_LIST_TYPE_DIRECT))
    allocator = device.CreateCommandAllocator(D3D12_COMMAND_LIST_TYPE_DIRECT)
    rows, cols = 12, 20
    for datatype in sorted(allowed_matrix_types(profile)):
        for layout in MatrixLayout:
            dest.buffer.data[:] = sentinel(size, 2)
            info = D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_INFO(
                (0, int(layout), 0 if layout.is_optimal else 128, rows, cols, int(datatype)),
                (rows * cols * 4, D3D12_LINEAR_ALGEBRA_DATATYPE_FLOAT32, D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT_ROW_MAJOR,
                 cols * 4), (dest.GetGPUVirtualAddress() + 256, source.GetGPUVirtualAddress()))
            _, outcome = call_documented(device.GetLinearAlgebraMatrixConversionDestinationInfo, info.DestInfo)
            record.append((outcome, info.DestInfo.DestSize))
            if outcome.raised:
                continue
            if datatype not in (T.F32, T.F16, T.F8_E4M3, T.F8_E5M2):
                info.SrcInfo.SrcDataType = int(datatype)     # integers convert only from themselves
                info.SrcInfo.SrcStride = cols * np.dtype(np.int8).itemsize if datatype in (T.I8, T.U8) else cols * 4
            command_list = device.CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator, None)
            _, recorded = call_documented(command_list.ConvertLinearAlgebraMatrix, info, 1)
            hr, _ = call_documented(command_list.Close)
            if recorded.raised is None and hr == S_OK:
                record.append(call_documented(queue.ExecuteCommandLists, 1, [command_list])[1])
            allowed = mask_of(size, [(256, 256 + info.DestInfo.DestSize)])
            outside = changed_outside(sentinel(size, 2), dest.buffer.data, allowed)
            assert not outside, f"{datatype.name} {layout.name}: bytes at {outside} changed outside the destination"
            record.append(bytes(dest.buffer.data[256: 256 + info.DestInfo.DestSize]))
            allocator.Reset()
    record += run_dxil_ops(profile)
    return record


def run_dxil_ops(profile: DeviceProfile) -> list[Any]:
    """Each op on the profile's first reported combination, strict and permissive, outside a dispatch."""
    record: list[Any] = []
    physical = {T.F16: np.float16, T.F32: np.float32, T.I16: np.int16, T.U16: np.uint16, T.I32: np.int32,
                T.U32: np.uint32, T.PackedS8x32: np.uint32, T.PackedU8x32: np.uint32}
    rng = np.random.default_rng(3)
    memory = rng.integers(0, 256, 1 << 15, dtype=np.uint8)
    lanes, m, k = 8, 8, 16
    for strict in (True, False):
        for prop in profile.mul_properties[:1]:
            dtype = physical.get(prop.input_type, np.float32)
            width = -(-k // 4) if prop.input_interpretation in (T.PackedS8x32, T.PackedU8x32) else k
            vector = rng.integers(0, 256, (lanes, width * np.dtype(dtype).itemsize), dtype=np.uint8).view(dtype)
            result_type = physical.get(prop.output_type, np.float32)
            result, outcome = call_documented(
                dxil.matvecmuladd, vector, np.dtype(dtype).kind == "u", prop.input_interpretation, memory, 0,
                prop.matrix_interpretation, m, k, MatrixLayout.MulOptimal, False, 0, memory, 1 << 14,
                prop.bias_interpretation, np.dtype(result_type).kind == "u", result_type=result_type, profile=profile,
                strict=strict)
            record.append((outcome, None if result is None else result.tobytes()))
        for prop, op in ((profile.outer_product_properties[:1], "outer"), (profile.vector_accumulate_properties[:1],
                                                                         "vector")):
            for p in prop:
                dtype = physical.get(p.input_type, np.float16)
                values = rng.standard_normal((lanes, m)).astype(dtype) if np.dtype(dtype).kind == "f" else \
                    rng.integers(-8, 8, (lanes, m)).astype(dtype)
                target = np.zeros(1 << 14, np.uint8)
                if op == "outer":
                    _, outcome = call_documented(dxil.outerproductaccumulate, values, values, target, 0,
                                                 p.accumulation_type, MatrixLayout.OuterProductOptimal, 0,
                                                 profile=profile, strict=strict)
                else:
                    _, outcome = call_documented(dxil.vectoraccumulate, values, target, 0, profile=profile,
                                                 strict=strict)
                record.append((outcome, target.tobytes()))
    return record


def run_cli(argv: list[str]) -> tuple[int, str, str]:
    """`dxlinalg ARGV` in this process: (exit code, stdout, stderr); an argparse exit is its code."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as exit_:
            code = exit_.code if isinstance(exit_.code, int) else 1
    return code, out.getvalue(), err.getvalue()


def load_case(raw: bytes) -> tuple[Outcome, Any, Any]:
    """(how loading ended, the profile or the error line, what the device did with it)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzzed.json"
        path.write_bytes(raw)
        profile, outcome = call_documented(load_profile, str(path))
        code, out, err = run_cli(["profile", "check", str(path)])
        if outcome.raised:
            assert outcome.raised == "ProfileError", outcome
            assert code == 2 and out == "" and len(err.splitlines()) == 1, (code, out, err)
            assert err.startswith(f"dxlinalg profile: error: profile {path}: ") or \
                err.startswith(f"dxlinalg profile: error: profile {path} "), err
            return outcome, err.replace(str(path), "FILE"), None
        assert (code, err) == (0, "") and out == f"{path}: ok (profile {profile.name})\n", (code, out, err)
        code, text, err = run_cli(["profile", "show", str(path)])
    shown, shown_outcome = call_documented(parse_profile, text, "shown")
    assert (code, err, shown_outcome) == (0, "", Outcome()) and shown == profile, \
        "profile show prints JSON that loads back to the same profile"
    return outcome, text, exercise_device(profile)


@fuzz_settings(100, slow_examples=True)
@given(case=mutated_profile())
def test_mutated_profiles_load_or_fail_in_one_line_and_loaded_ones_drive_a_device(case):
    _, raw = case
    first = load_case(raw)
    assert first == load_case(raw)
